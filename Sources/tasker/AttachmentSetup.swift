import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// Attachments' part of config.json, read in one place: `"attachments": {"max_mib": 100, "encrypt": false,
/// "upload": {"sign_command": [...]}}`, and the object store that belongs to the database.
///
/// Never fatal: a bad value is one problem line (on stderr where a toolkit is made) and its
/// default stands in.
struct AttachmentSetup {
    let objects: ObjectStore
    let uploader: (any ObjectUploading)?
    let problems: [String]

    init(configDirectory: String, databasePath: String) {
        let path = configDirectory + "/config.json"
        var problems: [String] = []
        var section: [String: JSONValue] = [:]
        if let data = FileManager.default.contents(atPath: path),
            let value = try? JSONValue.parse(String(decoding: data, as: UTF8.self)), let attachments = value["attachments"], !attachments.isNull {
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
        let uploader: (any ObjectUploading)? = nil
        self.uploader = uploader
        self.problems = problems
    }
}
