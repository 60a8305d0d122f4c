import TaskCore
import TaskStore

/// A page link as one line of `links.jsonl`: `{"page": uuid, "task": uuid}` or `{"page": uuid, "project": uuid}`.
extension LinkRecord {
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        o.set("page", page)
        o.set("task", task)
        o.set("project", project)
        return o.value
    }

    public init(json members: [String: JSONValue]) throws(FieldError) {
        var r = FieldReader(members)
        self.init(page: try r.requiredUUID("page"), task: try r.uuid("task"), project: try r.uuid("project"))
        if (task == nil) == (project == nil) { throw FieldError(field: "task", reason: "exactly one of task and project must be set") }
    }
}
