import TaskCore
import TaskStore

/// An attachment as one line of `attachments.jsonl`: `{"uuid", "task" | "page", "name", "sha256",
/// "size", "created"}`, plus `encoding` when not plain and `remote_url` when uploaded.
extension AttachmentRecord {
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        o.set("uuid", uuid)
        o.set("task", task)
        o.set("page", page)
        o.set("name", name)
        o.set("sha256", sha256)
        o.set("size", Int(size))
        if encoding != "plain" { o.set("encoding", encoding) }
        o.set("remote_url", remoteURL)
        o.set("created", created)
        return o.value
    }

    public init(json members: [String: JSONValue]) throws(FieldError) {
        var r = FieldReader(members)
        let uuid = try r.requiredUUID("uuid")
        let task = try r.uuid("task")
        let page = try r.uuid("page")
        if (task == nil) == (page == nil) { throw FieldError(field: "task", reason: "exactly one of task and page must be set") }
        let name = try r.requiredString("name")
        let hash = try r.requiredString("sha256")
        guard SHA256.isHex(hash) else { throw FieldError(field: "sha256", reason: "must be 64 lower-case hex digits") }
        guard let size = try r.int("size"), size >= 0 else { throw FieldError(field: "size", reason: "must be a whole number of bytes, 0 or more") }
        self.init(uuid: uuid, task: task, page: page, name: name, sha256: hash, size: Int64(size),
                  encoding: try r.string("encoding") ?? "plain", remoteURL: try r.string("remote_url"), created: try r.requiredDate("created"))
    }
}
