import TaskCore
import TaskStore

/// A space as one line of `spaces.jsonl`.
extension SpaceRecord {
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        o.set("uuid", uuid)
        o.set("name", name)
        o.set("project", project)
        o.set("created", created)
        o.set("modified", modified)
        o.setExtras(extras)
        return o.value
    }

    public init(json members: [String: JSONValue]) throws(FieldError) {
        var r = FieldReader(members)
        let created = try r.requiredDate("created")
        self.init(uuid: try r.requiredUUID("uuid"), name: try r.requiredString("name"), project: try r.uuid("project"),
                  created: created, modified: try r.date("modified") ?? created)
        extras = try r.extras()
    }
}
