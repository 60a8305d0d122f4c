import Foundation

/// A circle around a place and the rules for crossing it, pure: distance by haversine; enter at
/// `radius`, leave only beyond `exitRadius` (hysteresis, so GPS jitter at the edge does not flap);
/// a crossing counts after the reading stayed on the new side for `dwell`; a reading whose
/// accuracy is worse than the radius is ignored. After leaving, the fence is armed again, so the
/// next visit fires again (`visit` counts them; a reminder "postponed until the next visit" waits
/// for a higher `visit`).
public struct Geofence: Sendable, Hashable {
    public var center: GeoPoint
    public var radius: Double
    public var exitRadius: Double
    public var dwell: TimeInterval

    public static let defaultDwell: TimeInterval = 60

    /// `exitRadius` defaults to the radius plus a quarter of it, at least 25 m more.
    public init(center: GeoPoint, radius: Double, exitRadius: Double? = nil, dwell: TimeInterval = Geofence.defaultDwell) {
        self.center = center
        self.radius = radius
        self.exitRadius = max(exitRadius ?? radius + max(25, radius / 4), radius)
        self.dwell = max(0, dwell)
    }

    /// Where the fence thinks the user is, and a crossing waiting out its dwell.
    public struct State: Sendable, Hashable, Codable {
        public enum Side: String, Sendable, Hashable, Codable { case unknown, inside, outside }
        public var side: Side = .unknown
        /// Since when readings have been on the other side (nil when none are).
        public var pendingSince: Date?
        /// Arrivals so far: each visit has its own number.
        public var visit: Int = 0

        public init(side: Side = .unknown, pendingSince: Date? = nil, visit: Int = 0) {
            self.side = side
            self.pendingSince = pendingSince
            self.visit = visit
        }
    }

    public enum Event: String, Sendable, Hashable, CaseIterable { case arrive, leave }

    /// Whether a reading is good enough for this fence (accuracy no worse than the radius).
    public func accepts(_ fix: LocationFix) -> Bool { fix.accuracy.isFinite && fix.accuracy <= radius }

    /// The state after `fix`, and the crossing it completes (if any).
    public func update(_ state: State, with fix: LocationFix) -> (State, Event?) {
        guard accepts(fix) else { return (state, nil) }
        let d = center.distance(to: fix.point)
        var next = state
        switch state.side {
        case .unknown:
            // The first good reading: clearly outside settles at once (nothing to announce); inside
            // must dwell like any arrival.
            if d > exitRadius { return (State(side: .outside, pendingSince: nil, visit: state.visit), nil) }
            fallthrough
        case .outside:
            if d <= radius {
                let since = state.pendingSince ?? fix.time
                next.pendingSince = since
                if fix.time.timeIntervalSince(since) >= dwell {
                    return (State(side: .inside, pendingSince: nil, visit: state.visit + 1), .arrive)
                }
            } else if d > exitRadius {
                next.pendingSince = nil
                next.side = .outside
            }
            // Between the radii: neither cancels nor starts a crossing.
            return (next, nil)
        case .inside:
            if d > exitRadius {
                let since = state.pendingSince ?? fix.time
                next.pendingSince = since
                if fix.time.timeIntervalSince(since) >= dwell {
                    return (State(side: .outside, pendingSince: nil, visit: state.visit), .leave)
                }
            } else {
                next.pendingSince = nil
            }
            return (next, nil)
        }
    }
}
