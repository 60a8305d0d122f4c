import Foundation
import TaskCLI
import TaskCore
import TaskStore
import TaskToolkit

/// Attachments' part of config.json, read in one place: `"attachments": {"max_mib": 100, "encrypt": false,
/// "upload": {"sign_command": [...], "timeout_seconds": 30}}`, and the object store that belongs to
/// the database. With `upload`, each newly attached object is also PUT to a URL `sign_command`
/// prints (`SignedUpload`); a bad `upload` section means no upload, said in one line.
///
/// The values are the declaration's (`TaskerConfig`). Never fatal: a bad value is one problem line
/// (on stderr where a toolkit is made) and its default stands in.
struct AttachmentSetup {
    let objects: ObjectStore
    let uploader: (any ObjectUploading)?
    let problems: [String]

    init(configDirectory: String, databasePath: String, searchPath: String = "/usr/bin:/bin") {
        let config = ConfigFile.config(in: configDirectory)
        let usage = #"like {"sign_command": ["/usr/local/bin/sign-upload"], "timeout_seconds": 30}"#
        var problems = [config.refusal(.attachments, instead: "using the defaults")].compactMap { $0 }
        // max_mib, sign_command and upload's timeout_seconds keep the words tests and scripts match on.
        if config.problem(.attachmentsMaxMiB) != nil {
            problems.append("config.json: attachments.max_mib must be a whole number of MiB from 1, like 100; using 100")
        }
        problems += [config.refusal(.attachmentsEncrypt, instead: "attachments are stored plain"),
                     config.refusal(.attachmentsUpload, instead: "attachments are not uploaded")].compactMap { $0 }
        let maxBytes = config.integer(.attachmentsMaxMiB).map { Int64($0) << 20 } ?? ObjectStore.defaultMaxBytes
        objects = ObjectStore(directory: ObjectStore.directory(forDatabase: databasePath), maxBytes: maxBytes,
                              encryptByDefault: config.bool(.attachmentsEncrypt) ?? false)
        if config.problem(.uploadSignCommand) != nil {
            problems.append("config.json: attachments.upload.sign_command must be a program and its arguments, \(usage); attachments are not uploaded")
            uploader = nil
        } else if let command = config.argv(.uploadSignCommand) {
            if config.problem(.uploadTimeoutSeconds) != nil {
                problems.append("config.json: attachments.upload.timeout_seconds must be a number of seconds from 0 to 3600, like 30; using 30")
            }
            uploader = SignedUpload(signCommand: command, timeout: config.number(.uploadTimeoutSeconds) ?? 30, searchPath: searchPath)
        } else {
            uploader = nil
        }
        self.problems = problems
    }
}
