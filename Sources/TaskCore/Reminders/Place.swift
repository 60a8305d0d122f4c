import Foundation

/// A named place: a circle on the map (centre and radius in metres) that tasks can be bound to,
/// reminding on arrival or on leaving (`PlaceBinding`).
public struct Place: Sendable, Hashable, Identifiable {
    public var id: PlaceID
    /// Unique among places, compared without case ("Supermarket" and "supermarket" are one place).
    public var name: String
    public var center: GeoPoint
    public var radius: Double
    public var created: Date

    public init(id: PlaceID, name: String, center: GeoPoint, radius: Double, created: Date) {
        self.id = id
        self.name = name
        self.center = center
        self.radius = radius
        self.created = created
    }

    /// The fence a watcher keeps for this place (exit radius and dwell as `Geofence` decides).
    public func fence(dwell: TimeInterval = Geofence.defaultDwell) -> Geofence {
        Geofence(center: center, radius: radius, dwell: dwell)
    }

    /// "52.52000, 13.40500 (100 m)": coordinates to five places (about a metre) and the radius.
    public static func describe(center: GeoPoint, radius: Double) -> String {
        func five(_ d: Double) -> String {
            let scaled = (d * 100_000).rounded() / 100_000
            var text = String(scaled)
            if let dot = text.firstIndex(of: ".") {
                let decimals = text.distance(from: dot, to: text.endIndex) - 1
                if decimals < 5 { text += String(repeating: "0", count: 5 - decimals) }
            }
            return text
        }
        return "\(five(center.latitude)), \(five(center.longitude)) (\(Int(radius.rounded())) m)"
    }

    /// The largest radius accepted: a fence wider than 50 km is not a place.
    public static let maximumRadius = 50_000.0
    /// The smallest: below what a phone's fix can tell apart.
    public static let minimumRadius = 10.0

    /// Why these coordinates and radius cannot make a place, in one line; nil when they can.
    public static func problem(latitude: Double, longitude: Double, radius: Double) -> String? {
        if !latitude.isFinite || latitude < -90 || latitude > 90 { return "latitude must be between -90 and 90 degrees, got \(latitude)" }
        if !longitude.isFinite || longitude < -180 || longitude > 180 { return "longitude must be between -180 and 180 degrees, got \(longitude)" }
        if !radius.isFinite || radius < minimumRadius || radius > maximumRadius {
            return "radius_m must be between \(Int(minimumRadius)) and \(Int(maximumRadius)) metres, got \(radius)"
        }
        return nil
    }
}

/// A task's tie to a place: remind when arriving at it or when leaving it.
public struct PlaceBinding: Sendable, Hashable {
    public typealias Trigger = Geofence.Event

    /// The place's name (as stored).
    public var place: String
    public var trigger: Trigger

    public init(place: String, trigger: Trigger = .arrive) {
        self.place = place
        self.trigger = trigger
    }

    /// "on arriving at supermarket", "on leaving work".
    public var phrase: String { (trigger == .arrive ? "on arriving at " : "on leaving ") + place }
}

/// A place with how many open tasks wait on it (for `list_places`).
public struct PlaceSummary: Sendable, Hashable {
    public var place: Place
    public var openTasks: Int

    public init(place: Place, openTasks: Int) {
        self.place = place
        self.openTasks = openTasks
    }
}
