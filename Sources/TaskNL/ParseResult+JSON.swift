import Foundation
import TaskCore

extension ParseResult {
    /// The `tasker parse --json` object of DESIGN.md: title, due (ISO 8601 with offset or null),
    /// priority, estimateMinutes, energy, contexts, kind, recurrence, deferUntil (YYYY-MM-DD or null)
    /// and understood (the chip texts in order).
    /// `remind` (minutes before as a number, or an ISO 8601 instant) appears only when the sentence
    /// asked for one ("remind me 30 min before"); `place` (`{"name", "trigger"}`) only when it named
    /// a known place ("when I get to the supermarket").
    public func json(timeZone: TimeZone) -> JSONValue {
        let d = draft
        var object: [String: JSONValue] = [
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
        ]
        switch d.remind {
        case .minutesBefore(let m): object["remind"] = .int(m)
        case .at(let instant): object["remind"] = .string(ISODate.format(instant, in: timeZone))
        case nil: break
        }
        if let place = d.place { object["place"] = ["name": .string(place.place), "trigger": .string(place.trigger.rawValue)] }
        return .object(object)
    }
}
