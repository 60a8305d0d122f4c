import Foundation
import TaskCore

/// Result JSON written straight into an output buffer, byte for byte what encoding the `JSONValue`
/// forms gives (`format.task(task).encoded()`): compact, keys sorted, the same escapes. Lists of
/// tasks and `call --batch` are the hot paths; a dictionary per task cost ~3 µs.
/// `ResultFormatBytesTests` pins the two forms together on varied tasks.
extension ResultFormat {
    /// Appends `task(task)`'s compact JSON (with `"depth"` when given, as a `tree` listing carries it,
    /// and `"sync_error"` when given, as `list_tasks` does for a task the last sync could not write).
    public func appendTask(_ task: TaskItem, depth: Int? = nil, syncError: String? = nil, to out: inout [UInt8]) {
        // Members in sorted key order.
        out.append(contentsOf: #"{"completed":"#.utf8)
        appendDate(task.completed, to: &out)
        out.append(contentsOf: #","contexts":["#.utf8)
        for (i, context) in task.contexts.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONBytes.appendString(context, to: &out)
        }
        out.append(contentsOf: #"],"created":"#.utf8)
        appendDate(task.created, to: &out)
        out.append(contentsOf: #","defer_until":"#.utf8)
        JSONBytes.appendString(task.deferUntil?.description, to: &out)
        if let depth {
            out.append(contentsOf: #","depth":"#.utf8)
            JSONBytes.appendInt(depth, to: &out)
        }
        out.append(contentsOf: #","due":"#.utf8)
        appendDue(task.due, day: task.dueDay, to: &out)
        out.append(contentsOf: #","energy":"#.utf8)
        JSONBytes.appendString(task.energy?.rawValue, to: &out)
        out.append(contentsOf: #","estimate_minutes":"#.utf8)
        JSONBytes.appendInt(task.estimateMinutes, to: &out)
        out.append(contentsOf: #","id":"#.utf8)
        JSONBytes.appendInt(Int(task.id.rawValue), to: &out)
        out.append(contentsOf: #","kind":"#.utf8)
        JSONBytes.appendString(task.kind?.rawValue, to: &out)
        out.append(contentsOf: #","list":"#.utf8)
        JSONBytes.appendString(task.list, to: &out)
        out.append(contentsOf: #","notes":"#.utf8)
        JSONBytes.appendString(task.notes, to: &out)
        if task.notesLocked { out.append(contentsOf: #","notes_sealed":true"#.utf8) }
        out.append(contentsOf: #","parent":"#.utf8)
        JSONBytes.appendInt(task.parent.map { Int($0.rawValue) }, to: &out)
        if let place = task.place {
            out.append(contentsOf: #","place":"#.utf8)
            JSONBytes.appendString(place.place, to: &out)
            out.append(contentsOf: #","place_trigger":"#.utf8)
            JSONBytes.appendString(place.trigger.rawValue, to: &out)
        }
        out.append(contentsOf: #","priority":"#.utf8)
        JSONBytes.appendString(task.priority.rawValue, to: &out)
        out.append(contentsOf: #","project":"#.utf8)
        JSONBytes.appendString(task.project, to: &out)
        out.append(contentsOf: #","recurrence":"#.utf8)
        (task.recurrence?.json ?? .null).appendEncoded(to: &out)
        if let remind = task.remind {
            out.append(contentsOf: #","remind":"#.utf8)
            remind.json(self).appendEncoded(to: &out)
        }
        out.append(contentsOf: #","stage":"#.utf8)
        JSONBytes.appendString(task.stage, to: &out)
        out.append(contentsOf: #","status":"#.utf8)
        JSONBytes.appendString(task.status.rawValue, to: &out)
        if let syncError {
            out.append(contentsOf: #","sync_error":"#.utf8)
            JSONBytes.appendString(syncError, to: &out)
        }
        out.append(contentsOf: #","title":"#.utf8)
        JSONBytes.appendString(task.title, to: &out)
        out.append(contentsOf: #","updated":"#.utf8)
        appendDate(task.updated, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `date(date)`'s JSON: the ISO text in quotes, or null.
    public func appendDate(_ date: Date?, to out: inout [UInt8]) {
        guard let date else { return out.append(contentsOf: "null".utf8) }
        ISODate.appendQuoted(date, in: timeZone, to: &out)
    }

    /// `due(date, day:)`'s JSON.
    public func appendDue(_ date: Date?, day: LocalDate?, to out: inout [UInt8]) {
        guard date != nil, let day else { return appendDate(date, to: &out) }
        JSONBytes.appendString(day.description, to: &out)
    }
}

/// JSON scalars appended as bytes, as `JSONValue.appendEncoded` writes them.
public enum JSONBytes {
    /// A string literal (quotes and escapes), or null for nil.
    public static func appendString(_ text: String?, to out: inout [UInt8]) {
        guard var text else { return out.append(contentsOf: "null".utf8) }
        text.withUTF8 { JSONValue.appendStringLiteral(utf8: $0, to: &out) }
    }

    /// An integer, or null for nil.
    public static func appendInt(_ value: Int?, to out: inout [UInt8]) {
        guard let value else { return out.append(contentsOf: "null".utf8) }
        if value >= 0 && value < 10 { return out.append(UInt8(truncatingIfNeeded: 48 + value)) }
        out.append(contentsOf: String(value).utf8)
    }

    /// `true` or `false`.
    public static func appendBool(_ value: Bool, to out: inout [UInt8]) {
        out.append(contentsOf: (value ? "true" : "false").utf8)
    }
}
