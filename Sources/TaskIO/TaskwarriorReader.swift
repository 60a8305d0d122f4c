import Foundation
import TaskCore
import TaskStore

/// Reads `task export` output (a JSON array, or one JSON object per line) into Tasker records.
///
/// Mapping: description → title; status pending/waiting → open, completed → done, deleted and
/// recurring (a series' template) → done with the status kept under `"x"`; entry → created,
/// modified → modified, end → completed; due as it is (at local midnight: a date-only due on that day); wait → defer until that local day (the exact
/// wait kept under `"x"`); priority H/M/L → high/normal/low (M kept under `"x"`); tags → contexts;
/// project (a dotted name kept whole) → a project by name, made when missing; annotations → notes,
/// one line each (the annotations kept under `"x"`); uuid kept; recur → a rule where one maps
/// (kept under `"x"` either way, with a warning when none maps). `id` and `urgency` are Taskwarrior's
/// own and dropped; every other field (depends, scheduled, until, UDAs, parent, mask) is kept under `"x"`.
public struct TaskwarriorReader {
    public let timeZone: TimeZone
    public let now: Date
    /// Projects already in the database, by lower-cased name → UUID.
    public var projects: [String: String]

    public init(timeZone: TimeZone, now: Date, projects: [ProjectRecord] = []) {
        self.timeZone = timeZone
        self.now = now
        self.projects = ProjectRecord.uuidsByName(projects)
    }

    /// Reads `text`. - Throws: `IOError.malformed` naming `source`, the line (or array element) and field.
    ///
    /// The text is read straight from its bytes, an object at a time, into typed fields (no tree of
    /// the whole file, no dictionary per object). Should that fail anywhere, it is read again as
    /// parsed JSON values (`readParsed`), which words the error: a JSON mistake anywhere is reported
    /// before a field mistake, and the fields of an object are checked in a fixed order.
    public func read(_ text: String, source: String) throws -> ImportedRecords {
        var text = text
        let scanned = text.withUTF8 { bytes -> ImportedRecords? in
            var records = Collector(reader: self)
            do {
                try scan(bytes, into: &records)
                return records.finished()
            } catch {
                return nil
            }
        }
        return try scanned ?? readParsed(text, source: source)
    }

    /// Reads `text` through parsed JSON values: the reference reading, and the one that words errors.
    /// - Throws: `IOError.malformed`.
    func readParsed(_ text: String, source: String) throws -> ImportedRecords {
        var objects: [(location: String, value: JSONValue)] = []
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "[" {
            let array: JSONValue
            do { array = try JSONValue.parse(text) } catch {
                throw IOError.malformed(source: source, location: nil, field: nil, reason: error.description)
            }
            for (i, v) in (array.arrayValue ?? []).enumerated() { objects.append(("element \(i + 1)", v)) }
        } else {
            for (i, line) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
                let line = String(Substring(line))
                if line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { continue }
                do { objects.append(("line \(i + 1)", try JSONValue.parse(line))) } catch {
                    throw IOError.malformed(source: source, location: "line \(i + 1)", field: nil, reason: error.description)
                }
            }
        }
        var records = Collector(reader: self)
        for (location, value) in objects {
            do {
                guard let members = value.objectValue else { throw FieldError(field: nil, reason: "must be a JSON object") }
                try records.add(TaskwarriorFields(members: members), location: location)
            } catch let error as FieldError {
                throw IOError.malformed(source: source, location: location, field: error.field, reason: error.reason)
            }
        }
        return records.finished()
    }

    /// Reads the objects of `bytes` (a JSON array, or one object per line) into `records`.
    /// - Throws: at the first thing that is not as expected; `read` then reads the text again to say what.
    private func scan(_ bytes: UnsafeBufferPointer<UInt8>, into records: inout Collector) throws {
        var scanner = JSONScanner(bytes: bytes)
        scanner.skipWhitespace()
        if scanner.next == UInt8(ascii: "[") {
            if scanner.beginArray() {
                var element = 0
                repeat {
                    element += 1
                    try records.add(try TaskwarriorFields(scanning: &scanner, depth: 1), location: "element \(element)")
                } while try scanner.nextElement()
            }
            scanner.skipWhitespace()
            guard scanner.atEnd else { throw scanner.error("unexpected text after the JSON value") }
            return
        }
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            lineNumber += 1
            var line = JSONScanner(bytes: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]))
            lineStart = lineEnd + 1
            line.skipWhitespace()
            if line.atEnd { continue }
            try records.add(try TaskwarriorFields(scanning: &line, depth: 0), location: "line \(lineNumber)")
            line.skipWhitespace()
            guard line.atEnd else { throw line.error("unexpected text after the JSON value") }
        }
    }

    /// The records read so far, however the objects were read: each object mapped, projects
    /// resolved by name (made once when missing), a UUID seen twice refused.
    private struct Collector {
        let reader: TaskwarriorReader
        var result = ImportedRecords()
        var newProjects: [String: ProjectRecord] = [:]

        init(reader: TaskwarriorReader) { self.reader = reader }

        mutating func add(_ fields: TaskwarriorFields, location: String) throws(FieldError) {
            if let big = fields.oversized {
                let name = fields[.uuid]?.stringValue.map { "task \($0)" } ?? "a task"
                let megabytes = Double(big.bytes) / 1_048_576
                result.warnings.append("\(location): \(name) not imported: its \(big.key) is \(String(format: "%.1f", megabytes)) MB, "
                                       + "over the \(TaskwarriorFields.maxMemberBytes >> 20) MB limit for one field; shorten it in Taskwarrior and import again")
                return
            }
            var task = try reader.record(fields, warnings: &result.warnings, location: location)
            if let name = try reader.projectName(fields) {
                let key = name.lowercased()
                if let uuid = reader.projects[key] ?? newProjects[key]?.uuid {
                    task.project = uuid
                } else {
                    let p = ProjectRecord(uuid: TaskStore.newUUID(), name: name, created: TaskStore.wholeSeconds(reader.now),
                                          modified: TaskStore.wholeSeconds(reader.now))
                    newProjects[key] = p
                    task.project = p.uuid
                }
            }
            if let first = result.locations.updateValue(location, forKey: task.uuid) {
                result.locations[task.uuid] = first
                throw FieldError(field: "uuid", reason: "\(task.uuid) appears again (first at \(first))")
            }
            result.records.tasks.append(task)
        }

        func finished() -> ImportedRecords {
            var done = result
            done.records.projects = newProjects.values.sorted { $0.name < $1.name }
            return done
        }
    }

    private func projectName(_ fields: TaskwarriorFields) throws(FieldError) -> String? {
        guard let v = fields[.project], !v.isNull else { return nil }
        guard let s = v.stringValue else { throw FieldError(field: "project", reason: "must be a string") }
        let name = s.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }

    private func date(_ fields: TaskwarriorFields, _ key: TaskwarriorFields.Key) throws(FieldError) -> Date? {
        guard let v = fields[key], !v.isNull else { return nil }
        guard let s = v.stringValue, let d = TaskwarriorDate.parse(s) else {
            throw FieldError(field: key.rawValue, reason: "must be a Taskwarrior time like 20261202T090000Z")
        }
        return d
    }

    private func record(_ fields: TaskwarriorFields, warnings: inout [String], location: String) throws(FieldError) -> TaskRecord {
        guard let rawUUID = fields[.uuid]?.stringValue else { throw FieldError(field: "uuid", reason: "is missing") }
        guard let uuid = RecordUUID.normalized(rawUUID) else { throw FieldError(field: "uuid", reason: "'\(rawUUID)' is not a UUID") }
        guard let title = fields[.description]?.stringValue else { throw FieldError(field: "description", reason: "is missing") }
        let created = try date(fields, .entry) ?? TaskStore.wholeSeconds(now)
        var t = TaskRecord(uuid: uuid, title: title, created: created, modified: try date(fields, .modified) ?? created)
        var x = fields.others
        let status = fields[.status]?.stringValue ?? "pending"
        switch status {
        case "pending", "waiting": t.status = .open
        case "completed": t.status = .done
        case "deleted", "recurring":
            t.status = .done
            x["status"] = .string(status)
        default: throw FieldError(field: "status", reason: "'\(status)' is not pending, waiting, completed, deleted or recurring")
        }
        if t.status == .done { t.completed = try date(fields, .end) ?? t.modified }
        if let due = try date(fields, .due) {
            let day = LocalDate(due, in: timeZone)
            if due == day.startOfDay(in: timeZone) { t.dueDay = day } else { t.due = due }
        }
        if let wait = try date(fields, .wait) {
            t.deferUntil = LocalDate(wait, in: timeZone)
            x["wait"] = fields[.wait]
        }
        switch fields[.priority]?.stringValue {
        case "H": t.priority = .high
        case "L": t.priority = .low
        case "M": x["priority"] = "M"
        case nil: break
        case let other?: throw FieldError(field: "priority", reason: "'\(other)' is not H, M or L")
        }
        if let tags = fields[.tags] {
            guard let list = tags.arrayValue?.compactMap(\.stringValue) else { throw FieldError(field: "tags", reason: "must be an array of strings") }
            t.contexts = list
        }
        if let annotations = fields[.annotations]?.arrayValue, !annotations.isEmpty {
            t.notes = annotations.compactMap { $0["description"]?.stringValue }.joined(separator: "\n")
            x["annotations"] = .array(annotations)
        }
        if let recur = fields[.recur]?.stringValue {
            x["recur"] = .string(recur)
            t.recurrence = TaskwarriorRecurrence.rule(recur)
            if t.recurrence == nil { warnings.append("\(location): recur '\(recur)' has no Tasker equivalent; kept under \"x\"") }
            if status == "recurring" { t.recurrence = nil }  // the template's children carry the series
            // The whole rule, when Tasker wrote it beside `recur` (see `TaskwarriorWriter`).
            let kind = x["rrule_kind"]?.stringValue.flatMap(RecurrenceRule.Kind.init(rawValue:)) ?? .skipMissed
            if t.recurrence != nil, let text = x["rrule"]?.stringValue, let rule = RecurrenceRule(rrule: text, kind: kind) {
                t.recurrence = rule
            } else {
                t.recurrence = t.recurrence?.with(kind: kind)
            }
            x["rrule"] = nil
            x["rrule_kind"] = nil
        }
        t.extras = x
        return t
    }
}
