import Foundation
import TaskCore

extension ParseResult {
    /// The `tasker parse --json` object of docs/DESIGN.md: the members `TaskField` declares at the
    /// `parse` door — title, due (ISO 8601 with offset or null), priority, estimateMinutes, energy,
    /// contexts, kind, recurrence, deferUntil (YYYY-MM-DD or null) — and understood (the chip texts in
    /// order). `remind` (minutes before as a number, or an ISO 8601 instant) appears only when the
    /// sentence asked for one ("remind me 30 min before"); `place` (`{"name", "trigger"}`) only when it
    /// named a known place ("when I get to the supermarket").
    public func json(timeZone: TimeZone) -> JSONValue {
        var members = JSONTreeMembers(timeZone: timeZone)
        write(to: &members)
        return members.object
    }

    /// The same object written straight into `out`, byte for byte what `json(timeZone:).encoded()`
    /// gives (ParseResultJSONTests compares the two), with no `JSONValue` built for the fields every
    /// line has: `parse --json -`'s thousands of lines a second.
    public func appendJSON(timeZone: TimeZone, to out: inout [UInt8]) {
        var members = JSONByteMembers(timeZone: timeZone, into: &out)
        write(to: &members)
        members.finish(into: &out)
    }

    /// The object's members in key order: the declared ones, then `understood` (which sorts after them).
    private func write<W: JSONMemberWriter>(to w: inout W) {
        let d = draft
        for (field, key) in TaskField.parseKeys {
            switch field {
            case .title: w.string(key, d.title)
            case .due: w.date(key, d.due)
            case .deferUntil: w.string(key, d.deferUntil?.description)
            case .priority: w.string(key, d.priority.rawValue)
            case .contexts: w.strings(key, d.contexts)
            case .recurrence: w.value(key, d.recurrence?.json ?? .null)
            case .estimateMinutes: w.int(key, d.estimateMinutes)
            case .energy: w.string(key, d.energy?.rawValue)
            case .kind: w.string(key, d.kind?.rawValue)
            case .remind: if let remind = d.remind { w.remind(key, remind) }
            case .place:
                if let place = d.place { w.value(key, ["name": .string(place.place), "trigger": .string(place.trigger.rawValue)]) }
            default: break  // not at the parse door (ParseResultJSONTests catches a declared one left out)
            }
        }
        w.strings("understood", understood.map(\.text))
    }
}
