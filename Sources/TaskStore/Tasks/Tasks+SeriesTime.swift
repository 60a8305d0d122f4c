import Foundation
import TaskCore

extension Tasks {
    /// The series' wall-clock time (seconds into the day) when a DST gap moved the occurrence `id`, due
    /// at `due`, off it: the previous occurrence's time of day, when that time on `due`'s day is `due`
    /// itself (a 2:00 series is due at 3:00 the day clocks go forward from 2:00). Nil otherwise, and
    /// for the first occurrence (whose own time is the series').
    func timeBeforeGap(of id: TaskID, due: Date, in zone: TimeZone) throws -> Int? {
        guard let series = try store.db.cached("SELECT coalesce(series, uuid) FROM tasks WHERE id = ?")
            .bind([.integer(id.rawValue)]).first({ $0.optionalString(0) }) ?? nil else { return nil }
        // The series' rows are its first (by uuid) and those naming it (by the `tasks_series` index).
        let previous = try store.db.cached("""
            SELECT max(due) FROM tasks WHERE (series = ?1 OR uuid = ?1) AND id != ?2 AND due_day IS NULL AND due < ?3
            """).bind([.text(series), .integer(id.rawValue), DatabaseValue(due)]).first { $0.optionalDate(0) } ?? nil
        guard let previous else { return nil }
        let wall = LocalDateTime(due, in: zone), before = LocalDateTime(previous, in: zone)
        guard before.secondsIntoDay != wall.secondsIntoDay else { return nil }
        let intended = LocalDateTime(date: wall.date, hour: 0, minute: 0, second: before.secondsIntoDay)
        return intended.instant(in: zone) == due ? before.secondsIntoDay : nil
    }
}
