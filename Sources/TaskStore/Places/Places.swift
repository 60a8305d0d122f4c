import Foundation
import TaskCore

/// Places over the store's connection: named circles on the map, the tasks bound to them, and each
/// place's fence state as the location watcher last saw it.
public struct Places {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Stores a new place. - Throws: `.duplicateName` (names are compared without case),
    /// `.invalidValue` (empty name, a coordinate or radius out of range, said in one line).
    public func createPlace(name: String, center: GeoPoint, radius: Double) throws -> Place {
        try store.write {
            _ = try store.requireBootstrap()
            let n = try TaskStore.validName(name, field: "place name")
            if let problem = Place.problem(latitude: center.latitude, longitude: center.longitude, radius: radius) {
                throw TaskStoreError.invalidValue(field: "place", reason: problem)
            }
            if try store.db.scalar("SELECT id FROM places WHERE name = ?", [.text(n)]) != nil {
                throw TaskStoreError.duplicateName(kind: "place", name: n)
            }
            let stamp = TaskStore.wholeSeconds(store.now)
            try store.db.run("INSERT INTO places(uuid, name, latitude, longitude, radius_m, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [.text(TaskStore.newUUID()), .text(n), .real(center.latitude), .real(center.longitude), .real(radius),
                        DatabaseValue(stamp), DatabaseValue(stamp)])
            return Place(id: PlaceID(store.db.lastInsertRowID), name: n, center: center, radius: radius, created: stamp)
        }
    }

    /// Every place by name, each with how many open tasks are bound to it.
    public func places() throws -> [PlaceSummary] {
        try store.read {
            try store.db.cached("""
                SELECT \(Places.placeColumns),
                    (SELECT count(*) FROM tasks t WHERE t.place_id = pl.id AND t.status = 'open')
                FROM places pl ORDER BY pl.name
                """).rows { PlaceSummary(place: Places.readPlace($0), openTasks: $0.int(6)) }
        }
    }

    /// The place with this name (without case), if any.
    public func place(named name: String) throws -> Place? {
        try store.read {
            try store.db.cached("SELECT \(Places.placeColumns) FROM places pl WHERE pl.name = ?")
                .bind([.text(name.trimmingCharacters(in: .whitespacesAndNewlines))]).first(Places.readPlace)
        }
    }

    /// Every place's name, for the capture grammar ("when I get to the supermarket").
    public func placeNames() throws -> [String] {
        try store.read { try store.db.cached("SELECT name FROM places ORDER BY name").rows { $0.string(0) } }
    }

    /// Deletes a place; the tasks bound to it keep everything else and are returned as they are
    /// now (unbound). - Throws: `.placeNotFound`.
    public func deletePlace(named name: String) throws -> (place: Place, unbound: [TaskItem]) {
        try store.write {
            guard let place = try self.place(named: name) else { throw TaskStoreError.placeNotFound(name) }
            let bound = try store.loadTasks("WHERE t.place_id = ? ORDER BY t.id", [.integer(place.id.rawValue)]).map(\.id)
            let stamp = DatabaseValue(TaskStore.wholeSeconds(store.now))
            try store.db.run("UPDATE tasks SET place_trigger = NULL, updated = ? WHERE place_id = ?", [stamp, .integer(place.id.rawValue)])
            try store.db.run("DELETE FROM places WHERE id = ?", [.integer(place.id.rawValue)])
            return (place, try bound.map(store.loadTask))
        }
    }

    /// Every task bound to a place (open or done), in id order.
    public func tasksBound(to place: PlaceID) throws -> [TaskItem] {
        try store.read { try store.loadTasks("WHERE t.place_id = ? ORDER BY t.id", [.integer(place.rawValue)]) }
    }

    /// Open tasks bound to a place, in id order.
    public func openTasks(at place: PlaceID) throws -> [TaskItem] {
        try store.read { try store.loadTasks("WHERE t.place_id = ? AND t.status = 'open' ORDER BY t.id", [.integer(place.rawValue)]) }
    }

    /// Places that open tasks wait on (the only fences a watcher needs to keep).
    public func placesWithOpenTasks() throws -> [Place] {
        try store.read {
            try store.db.cached("""
                SELECT \(Places.placeColumns) FROM places pl
                WHERE EXISTS (SELECT 1 FROM tasks t WHERE t.place_id = pl.id AND t.status = 'open') ORDER BY pl.id
                """).rows(Places.readPlace)
        }
    }

    /// Each place's fence state as last saved (a place never seen is absent: `.unknown`).
    public func fenceStates() throws -> [PlaceID: Geofence.State] {
        try store.read {
            var states: [PlaceID: Geofence.State] = [:]
            for (id, state) in try store.db.cached("SELECT place_id, side, pending_since, visit FROM place_fences").rows({ s in
                (PlaceID(s.int64(0)), Geofence.State(side: Geofence.State.Side(rawValue: s.string(1)) ?? .unknown,
                                                     pendingSince: s.optionalDate(2), visit: s.int(3)))
            }) { states[id] = state }
            return states
        }
    }

    /// Saves a place's fence state (kept across restarts, so a visit is not counted twice).
    public func saveFenceState(_ state: Geofence.State, for place: PlaceID) throws {
        try store.write {
            try store.db.cached("""
                INSERT INTO place_fences(place_id, side, pending_since, visit, updated) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(place_id) DO UPDATE SET side = excluded.side, pending_since = excluded.pending_since,
                    visit = excluded.visit, updated = excluded.updated
                """).bind([.integer(place.rawValue), .text(state.side.rawValue), DatabaseValue(state.pendingSince.map(TaskStore.wholeSeconds)),
                           .integer(Int64(state.visit)), DatabaseValue(TaskStore.wholeSeconds(store.now))]).run()
        }
    }

    // MARK: Helpers

    static let placeColumns = "pl.id, pl.name, pl.latitude, pl.longitude, pl.radius_m, pl.created"

    static func readPlace(_ s: Statement) -> Place {
        Place(id: PlaceID(s.int64(0)), name: s.string(1), center: GeoPoint(latitude: s.double(2), longitude: s.double(3)),
              radius: s.double(4), created: s.date(5))
    }
}
