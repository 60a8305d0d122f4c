import TaskCore
import TaskStore

/// A page's metadata as one line of `pages.jsonl`; its body travels as `pages/<uuid>.md`, so the
/// JSON form leaves `body` out.
extension PageRecord {
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        o.set("uuid", uuid)
        o.set("title", title)
        o.set("labels", labels)
        o.set("space", space)
        o.set("created", created)
        o.set("modified", modified)
        o.setExtras(extras)
        return o.value
    }

    /// Reads the metadata; `body` starts empty (the bundle reader fills it in).
    public init(json members: [String: JSONValue]) throws(FieldError) {
        var r = FieldReader(members)
        let created = try r.requiredDate("created")
        self.init(uuid: try r.requiredUUID("uuid"), title: try r.requiredString("title"), body: "",
                  labels: try r.strings("labels"), space: try r.requiredUUID("space"), created: created,
                  modified: try r.date("modified") ?? created)
        extras = try r.extras()
    }
}
