import Foundation
import TaskCore
import TaskNL

extension ParseResult {
    /// The `tasker parse --json` object (DESIGN.md), plus `fromModel`: the chip fields a model supplied.
    ///
    /// Kept here until TaskNL's own encoder lands; the keys are the same.
    public func wireJSON(timeZone: TimeZone) -> JSONValue {
        let d = draft
        return [
            "title": .string(d.title),
            "due": d.due.map { .string(ISODate.format($0, in: timeZone)) } ?? .null,
            "priority": .string(d.priority.rawValue),
            "estimateMinutes": .int(d.estimateMinutes),
            "energy": .string(d.energy?.rawValue),
            "contexts": .array(d.contexts.map { .string($0) }),
            "kind": .string(d.kind?.rawValue),
            "recurrence": d.recurrence?.json ?? .null,
            "deferUntil": .string(d.deferUntil?.description),
            "understood": .array(understood.map { .string($0.text) }),
            "fromModel": .array(understood.filter(\.fromModel).map { .string($0.field.rawValue) }),
        ]
    }
}

extension RefinementResult {
    /// `{"drafts": […], "model": true|false, "notice": "…"|null}`, as `tasker parse --refine --json` prints.
    public func json(timeZone: TimeZone) -> JSONValue {
        [
            "drafts": .array(drafts.map { $0.wireJSON(timeZone: timeZone) }),
            "model": .bool(usedModel),
            "notice": .string(notice),
        ]
    }
}
