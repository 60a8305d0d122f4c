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
/// Never fatal: a bad value is one problem line (on stderr where a toolkit is made) and its
/// default stands in.
struct AttachmentSetup {
    let objects: ObjectStore
    let uploader: (any ObjectUploading)?
    let problems: [String]

    init(configDirectory: String, databasePath: String, searchPath: String = "/usr/bin:/bin") {
        var problems: [String] = []
        var section: [String: JSONValue] = [:]
        if let attachments = ConfigFile.object(in: configDirectory)?["attachments"], !attachments.isNull {
            if let object = attachments.objectValue {
                section = object
            } else {
                problems.append("config.json: attachments must be an object like {\"max_mib\": 100}; using the defaults")
            }
        }
        var maxBytes = ObjectStore.defaultMaxBytes
        if let value = section["max_mib"], !value.isNull {
            if let mib = value.intValue, mib > 0, mib <= 1 << 20 {
                maxBytes = Int64(mib) << 20
            } else {
                problems.append("config.json: attachments.max_mib must be a whole number of MiB from 1, like 100; using 100")
            }
        }
        var encrypt = false
        if let value = section["encrypt"], !value.isNull {
            if let flag = value.boolValue { encrypt = flag } else {
                problems.append("config.json: attachments.encrypt must be true or false; attachments are stored plain")
            }
        }
        objects = ObjectStore(directory: ObjectStore.directory(forDatabase: databasePath), maxBytes: maxBytes, encryptByDefault: encrypt)
        self.uploader = Self.uploader(section["upload"], searchPath: searchPath, problems: &problems)
        self.problems = problems
    }

    /// `attachments.upload`, or nil when there is none or it is unusable (a problem line then).
    private static func uploader(_ value: JSONValue?, searchPath: String, problems: inout [String]) -> (any ObjectUploading)? {
        guard let value, !value.isNull else { return nil }
        let usage = #"like {"sign_command": ["/usr/local/bin/sign-upload"], "timeout_seconds": 30}"#
        guard let section = value.objectValue else {
            problems.append("config.json: attachments.upload must be an object \(usage); attachments are not uploaded")
            return nil
        }
        guard let list = section["sign_command"]?.arrayValue, !list.isEmpty, list.allSatisfy({ $0.stringValue?.isEmpty == false }) else {
            problems.append("config.json: attachments.upload.sign_command must be a program and its arguments, \(usage); attachments are not uploaded")
            return nil
        }
        var timeout: TimeInterval = 30
        if let value = section["timeout_seconds"], !value.isNull {
            if let seconds = value.doubleValue, seconds > 0, seconds <= 3_600 {
                timeout = seconds
            } else {
                problems.append("config.json: attachments.upload.timeout_seconds must be a number of seconds from 0 to 3600, like 30; using 30")
            }
        }
        return SignedUpload(signCommand: list.compactMap(\.stringValue), timeout: timeout, searchPath: searchPath)
    }
}
