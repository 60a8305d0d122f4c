import Foundation
import TaskCore

extension ParseResult {
    /// The `tasker parse --json` object of docs/DESIGN.md: title, due (ISO 8601 with offset or null),
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

    /// The same object written straight into `out`, byte for byte what `json(timeZone:).encoded()`
    /// gives (keys in sorted order, the same escaping; ParseResultJSONTests compares the two), with no
    /// `JSONValue` built for the fields every line has: `parse --json -`'s thousands of lines a second.
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

    /// The object's members, in sorted key order (`appendJSON` writes the same, by hand).
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
