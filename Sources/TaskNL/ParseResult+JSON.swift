import Foundation
import TaskCore

extension ParseResult {
    /// The `tasker parse --json` object of DESIGN.md: title, due (ISO 8601 with offset or null),
    /// priority, estimateMinutes, energy, contexts, kind, recurrence, deferUntil (YYYY-MM-DD or null)
    /// and understood (the chip texts in order).
    public func json(timeZone: TimeZone) -> JSONValue {
        let d = draft
        return .object([
            "title": .string(d.title),
            "due": d.due.map { .string(ISODate.format($0, in: timeZone)) } ?? .null,
            "priority": .string(d.priority.rawValue),
            "estimateMinutes": d.estimateMinutes.map { .int($0) } ?? .null,
            "energy": d.energy.map { .string($0.rawValue) } ?? .null,
            "contexts": .array(d.contexts.map { .string($0) }),
            "kind": d.kind.map { .string($0.rawValue) } ?? .null,
            "recurrence": d.recurrence?.json ?? .null,
            "deferUntil": d.deferUntil.map { .string($0.description) } ?? .null,
            "understood": .array(understood.map { .string($0.text) }),
        ])
    }
}
