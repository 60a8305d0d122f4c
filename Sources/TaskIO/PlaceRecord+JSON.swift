import TaskCore
import TaskStore

/// A place as one line of `places.jsonl`: uuid, name, latitude, longitude, radius_m, created, modified.
extension PlaceRecord {
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        o.set("uuid", uuid)
        o.set("name", name)
        o.set("latitude", .double(latitude))
        o.set("longitude", .double(longitude))
        o.set("radius_m", .double(radius))
        o.set("created", created)
        o.set("modified", modified)
        return o.value
    }

    /// Reads a place line. - Throws: `FieldError` for the first bad field (a coordinate or radius
    /// out of range says so in one line).
    public init(json members: [String: JSONValue]) throws(FieldError) {
        var r = FieldReader(members)
        let created = try r.requiredDate("created")
        let (latitude, longitude, radius) = (try r.requiredNumber("latitude"), try r.requiredNumber("longitude"), try r.requiredNumber("radius_m"))
        if let problem = Place.problem(latitude: latitude, longitude: longitude, radius: radius) { throw FieldError(field: nil, reason: problem) }
        self.init(uuid: try r.requiredUUID("uuid"), name: try r.requiredString("name"), latitude: latitude, longitude: longitude,
                  radius: radius, created: created, modified: try r.date("modified") ?? created)
    }
}
