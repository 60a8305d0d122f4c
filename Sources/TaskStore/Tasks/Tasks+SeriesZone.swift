import Foundation
import TaskCore

/// A repeating timed task keeps its wall-clock time in its own zone (`due_zone`: another client's
/// `DUE;TZID=`, or the zone a sync stored it with), so completing it here steps on in that
/// zone, not the device's, and the next occurrence keeps the zone.
extension Tasks {
    /// The zone a series' timed due repeats in: its own (`due_zone`, another client's TZID), else the
    /// store's; a day (`due_day`) always steps in the store's zone.
    func seriesZone(_ id: TaskID) throws -> TimeZone {
        let name = try store.db.cached("SELECT due_zone FROM tasks WHERE id = ? AND due_day IS NULL").bind([.integer(id.rawValue)]).first { $0.optionalString(0) } ?? nil
        return name.flatMap(TimeZone.init(identifier:)) ?? store.timeZone
    }

    /// The next occurrence `next` keeps the zone of `done`.
    func keepZone(from done: TaskID, to next: TaskID) throws {
        try store.db.run("UPDATE tasks SET due_zone = (SELECT due_zone FROM tasks WHERE id = ?) WHERE id = ?", [.integer(done.rawValue), .integer(next.rawValue)])
    }
}
