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
        var object: [String: JSONValue] = [:]
        members(timeZone: timeZone) { object[$0] = $1 }
        return .object(object)
    }

    /// The same object written straight into `out` (compact, as `json(timeZone:).encoded()`), for
    /// `parse --json -`'s thousands of lines a second.
    public func appendJSON(timeZone: TimeZone, to out: inout [UInt8]) {
        JSONValue.appendObject(to: &out) { member in members(timeZone: timeZone, member) }
    }

    /// The object's members, in sorted key order (what `JSONValue.appendObject` needs).
    private func members(timeZone: TimeZone, _ member: (String, JSONValue) -> Void) {
        let d = draft
        member("contexts", .array(d.contexts.map { .string($0) }))
        member("deferUntil", d.deferUntil.map { .string($0.description) } ?? .null)
        member("due", d.due.map { .string(ISODate.format($0, in: timeZone)) } ?? .null)
        member("energy", d.energy.map { .string($0.rawValue) } ?? .null)
        member("estimateMinutes", d.estimateMinutes.map { .int($0) } ?? .null)
        member("kind", d.kind.map { .string($0.rawValue) } ?? .null)
        if let place = d.place { member("place", ["name": .string(place.place), "trigger": .string(place.trigger.rawValue)]) }
        member("priority", .string(d.priority.rawValue))
        member("recurrence", d.recurrence?.json ?? .null)
        switch d.remind {
        case .minutesBefore(let m): member("remind", .int(m))
        case .at(let instant): member("remind", .string(ISODate.format(instant, in: timeZone)))
        case nil: break
        }
        member("title", .string(d.title))
        member("understood", .array(understood.map { .string($0.text) }))
    }
}
