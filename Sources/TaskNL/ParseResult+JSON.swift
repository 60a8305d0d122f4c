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
    /// gives (keys in sorted order, the same escaping; ParseResultJSONTests compares the two), with no
    /// `JSONValue` built for the fields every line has: `parse --json -`'s thousands of lines a second.
    /// Written by hand with its keys as static bytes, not through `JSONByteMembers` like the tree: the
    /// member writer made `parse --json -` about 12% slower (100,000 lines, release, runs interleaved:
    /// median 0.31 s → 0.35 s; the bench allows 5%), so this copy stays, held to the declared object by
    /// ParseResultJSONTests.
    public func appendJSON(timeZone: TimeZone, to out: inout [UInt8]) {
        let d = draft
        func key(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func string(_ text: String) { JSONValue.appendStringLiteral(text, to: &out) }
        func stringOrNull(_ text: String?) {
            if let text { string(text) } else { key("null") }
        }
        key(#"{"contexts":["#)
        for (n, context) in d.contexts.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            string(context)
        }
        key(#"],"deferUntil":"#)
        stringOrNull(d.deferUntil?.description)
        key(#","due":"#)
        if let due = d.due { ISODate.appendQuoted(due, in: timeZone, to: &out) } else { key("null") }
        key(#","energy":"#)
        stringOrNull(d.energy?.rawValue)
        key(#","estimateMinutes":"#)
        if let minutes = d.estimateMinutes { out.append(contentsOf: String(minutes).utf8) } else { key("null") }
        key(#","kind":"#)
        stringOrNull(d.kind?.rawValue)
        if let place = d.place {
            key(#","place":{"name":"#)
            string(place.place)
            key(#","trigger":"#)
            string(place.trigger.rawValue)
            out.append(UInt8(ascii: "}"))
        }
        key(#","priority":"#)
        string(d.priority.rawValue)
        key(#","recurrence":"#)
        if let rule = d.recurrence { rule.json.appendEncoded(to: &out) } else { key("null") }
        switch d.remind {
        case .minutesBefore(let m):
            key(#","remind":"#)
            out.append(contentsOf: String(m).utf8)
        case .at(let instant):
            key(#","remind":"#)
            ISODate.appendQuoted(instant, in: timeZone, to: &out)
        case nil: break
        }
        key(#","title":"#)
        string(d.title)
        key(#","understood":["#)
        for (n, chip) in understood.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            string(chip.text)
        }
        key("]}")
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
