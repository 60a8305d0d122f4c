import TaskCore
import TaskStore

/// A project as one line of `projects.jsonl`.
extension ProjectRecord {
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        o.set("uuid", uuid)
        o.set("name", name)
        o.set("notes", notes)
        o.set("created", created)
        o.set("modified", modified)
        o.setExtras(extras)
        return o.value
    }

    public init(json members: [String: JSONValue]) throws(FieldError) {
        var r = FieldReader(members)
        let created = try r.requiredDate("created")
        self.init(uuid: try r.requiredUUID("uuid"), name: try r.requiredString("name"), notes: try r.string("notes"),
                  created: created, modified: try r.date("modified") ?? created)
        extras = try r.extras()
    }
}
