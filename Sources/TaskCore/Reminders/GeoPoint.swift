import Foundation

/// A point on Earth in degrees (WGS 84, as GeoClue reports it).
public struct GeoPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance in metres (haversine: well-conditioned for the short distances
    /// fences deal in).
    public func distance(to other: GeoPoint) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }

    /// The point `metres` away on `bearing` degrees (0 north, 90 east): for tests and fixtures.
    public func moved(metres: Double, bearing: Double) -> GeoPoint {
        let δ = metres / Self.earthRadius, θ = bearing * .pi / 180
        let φ1 = latitude * .pi / 180, λ1 = longitude * .pi / 180
        let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        return GeoPoint(latitude: φ2 * 180 / .pi, longitude: λ2 * 180 / .pi)
    }
}

/// One location reading: where, how sure (metres, the radius of 68% confidence), and when.
public struct LocationFix: Sendable, Hashable {
    public var point: GeoPoint
    public var accuracy: Double
    public var time: Date

    public init(point: GeoPoint, accuracy: Double, time: Date) {
        self.point = point
        self.accuracy = accuracy
        self.time = time
    }
}
