import Foundation
import TaskCore

/// What streaks are counted from, over the store's connection: every completion, and the open occurrence
/// of each recurring series.
public struct StreakHistory {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Every completed task with its completion time and zone (the store's zone for tasks completed
    /// before schema v5 recorded one), its due, series, project and contexts, oldest first.
    public func completionRecords() throws -> [CompletionRecord] {
        try store.read {
            try store.db.cached(
                """
                SELECT t.title, t.completed, t.completed_zone, t.due,
                    CASE WHEN t.recur_frequency IS NOT NULL THEN coalesce(t.series, t.uuid) END, p.name, t.contexts
                FROM tasks t LEFT JOIN projects p ON p.id = t.project_id
                WHERE t.status = 'done' AND t.completed IS NOT NULL ORDER BY t.completed, t.id
                """
            ).rows { row in
                let contexts = row.string(6)
                return CompletionRecord(
                    title: row.string(0), completed: row.date(1),
                    timeZone: row.optionalString(2).flatMap(TimeZone.init(identifier:)) ?? store.timeZone,
                    due: row.optionalDate(3), series: row.optionalString(4), project: row.optionalString(5),
                    contexts: contexts.isEmpty ? [] : contexts.split(separator: "\n").map(String.init))
            }
        }
    }

    /// The earliest open due of each recurring series, keyed by series.
    public func openSeriesDue() throws -> [String: Date] {
        try store.read {
            var result: [String: Date] = [:]
            let rows = try store.db.cached(
                """
                SELECT coalesce(series, uuid), min(due) FROM tasks
                WHERE status = 'open' AND recur_frequency IS NOT NULL AND due IS NOT NULL GROUP BY 1
                """
            ).rows { ($0.string(0), $0.date(1)) }
            for (series, due) in rows { result[series] = due }
            return result
        }
    }
}
