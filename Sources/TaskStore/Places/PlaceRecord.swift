import Foundation
import TaskCore

/// A whole place for export and import, keyed by its UUID (tasks name it by that UUID).
public struct PlaceRecord: Sendable, Hashable {
    public var uuid: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var radius: Double
    public var created: Date
    public var modified: Date

    public init(uuid: String, name: String, latitude: Double, longitude: Double, radius: Double, created: Date, modified: Date) {
        self.uuid = uuid
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.created = created
        self.modified = modified
    }
}
