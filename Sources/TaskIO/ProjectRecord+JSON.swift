import TaskCore
import TaskStore

/// A project as one line of `projects.jsonl`.
extension ProjectRecord {
    /// Lower-cased name → UUID, for readers that name projects by name (Taskwarrior, todo.txt).
    static func uuidsByName(_ projects: [ProjectRecord]) -> [String: String] {
        var byName: [String: String] = [:]
        for p in projects { byName[p.name.lowercased()] = p.uuid }
        return byName
    }

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
