import Foundation
import TaskCore
import TaskStore

/// Location fixes turned into place crossings: each place that open tasks wait on keeps a
/// `Geofence` (TaskCore: hysteresis, dwell, accuracy filter, visits), whose state is saved in the
/// store after every change, so a restarted or second watcher continues the same visit.
public struct PlaceCrossings {
    /// One arrival at or departure from a place, with the visit it belongs to (arrivals count visits;
    /// a departure carries the visit it ends), which keys "once per visit" reminders.
    public struct Crossing: Sendable, Hashable {
        public var place: Place
        public var event: Geofence.Event
        public var visit: Int
    }

    public let store: TaskStore
    /// How long a reading must stay on the new side before a crossing counts.
    public var dwell: TimeInterval

    public init(store: TaskStore, dwell: TimeInterval = Geofence.defaultDwell) {
        self.store = store
        self.dwell = dwell
    }

    /// Feeds `fixes` (oldest first) to every fence and returns the crossings they complete.
    /// - Throws: store errors.
    public func crossings(_ fixes: [LocationFix]) throws -> [Crossing] {
        guard !fixes.isEmpty else { return [] }
        let places = try Places(store).placesWithOpenTasks()
        guard !places.isEmpty else { return [] }
        var states = try Places(store).fenceStates()
        var result: [Crossing] = []
        for place in places {
            let fence = place.fence(dwell: dwell)
            let before = states[place.id] ?? Geofence.State()
            var state = before
            for fix in fixes {
                let (next, event) = fence.update(state, with: fix)
                state = next
                if let event { result.append(Crossing(place: place, event: event, visit: state.visit)) }
            }
            if state != before {
                try Places(store).saveFenceState(state, for: place.id)
                states[place.id] = state
            }
        }
        return result
    }
}
