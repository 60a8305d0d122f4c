import Foundation
import TaskCore
import TaskStore

/// Reads todo.txt (one task per line) into Tasker records.
///
/// `x` marks a done line (then its completion and creation dates); `(A)` is the priority (A
/// critical, B high, none normal, C and later low, the letter kept under `"x"`); then the creation
/// date; `+project` (the first; more are kept under `"x"`), `@context`, `due:` (a day, a date-only
/// due, or a day and time), `t:` (defer until that day), `uuid:` (kept; without one a UUID is made from the line, so
/// importing the same file again changes nothing); other `key:value` pairs are kept under `"x"`.
/// The other words are the title.
public struct TodoTxtReader {
    /// The most bytes one line may have: 1 MiB, as one Taskwarrior field (stated in docs/DATA.md). A
    /// longer line is left out with a warning naming it; the rest imports.
    public static let maxLineBytes = 1 << 20

    public let timeZone: TimeZone
    public let now: Date
    /// Projects already in the database, by lower-cased name → UUID.
    public var projects: [String: String]

    public init(timeZone: TimeZone, now: Date, projects: [ProjectRecord] = []) {
        self.timeZone = timeZone
        self.now = now
        self.projects = ProjectRecord.uuidsByName(projects)
    }

    /// Reads `text`. - Throws: `IOError.malformed` naming `source`, the line and the field.
    public func read(_ text: String, source: String) throws -> ImportedRecords {
        var result = ImportedRecords()
        var newProjects: [String: ProjectRecord] = [:]
        var seen: [String: Int] = [:]
        // Split on the bytes: each byte is looked at once, and a line over the limit is measured, not read.
        for (offset, raw) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            if raw.count > Self.maxLineBytes {
                let megabytes = String(format: "%.1f", Double(raw.count) / 1_048_576)
                result.warnings.append("\(source) line \(number) not imported: it is \(megabytes) MB, over the \(Self.maxLineBytes >> 20) MB limit for one line; shorten it and import again")
                continue
            }
            let line = String(Substring(raw)).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { continue }
            do {
                var (task, projectName) = try record(line)
                if let name = projectName {
                    if let uuid = projects[name.lowercased()] ?? newProjects[name.lowercased()]?.uuid {
                        task.project = uuid
                    } else {
                        let stamp = TaskStore.wholeSeconds(now)
                        let p = ProjectRecord(uuid: TaskStore.newUUID(), name: name, created: stamp, modified: stamp)
                        newProjects[name.lowercased()] = p
                        task.project = p.uuid
                    }
                }
                if let first = seen[task.uuid] { throw FieldError(field: "uuid", reason: "\(task.uuid) appears again (first on line \(first))") }
                seen[task.uuid] = number
                result.locations[task.uuid] = "line \(number)"
                result.records.tasks.append(task)
            } catch let error as FieldError {
                throw IOError.malformed(source: source, location: "line \(number)", field: error.field, reason: error.reason)
            }
        }
        result.records.projects = newProjects.values.sorted { $0.name < $1.name }
        return result
    }

    private func day(_ word: Substring) -> LocalDate? { LocalDate(iso: String(word)) }

    private func record(_ line: String) throws(FieldError) -> (TaskRecord, String?) {
        var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
        var done = false
        var completedDay: LocalDate?
        var createdDay: LocalDate?
        var letter: String?
        if words.first == "x" {
            done = true
            words = words.dropFirst()
            if let w = words.first, let d = day(w) { completedDay = d; words = words.dropFirst() }
        } else if let w = words.first, w.count == 3, w.first == "(", w.last == ")", let c = w.dropFirst().first, c.isUppercase, c.isASCII {
            letter = String(c)
            words = words.dropFirst()
        }
        if let w = words.first, let d = day(w) { createdDay = d; words = words.dropFirst() }
        var title: [Substring] = []
        var contexts: [String] = []
        var projectNames: [String] = []
        var x: [String: JSONValue] = [:]
        var uuid: String?
        var due: Date?
        var dueDay: LocalDate?
        var deferUntil: LocalDate?
        for w in words {
            if w.count > 1, w.first == "+" { projectNames.append(String(w.dropFirst())); continue }
            if w.count > 1, w.first == "@" { contexts.append(String(w.dropFirst())); continue }
            if let colon = w.firstIndex(of: ":"), colon != w.startIndex, w.index(after: colon) != w.endIndex, !w.contains("/") {
                let key = String(w[..<colon]), value = String(w[w.index(after: colon)...])
                switch key {
                case "due":
                    if let day = LocalDate(iso: value) {
                        dueDay = day
                    } else {
                        guard let d = ISODate.parse(value, in: timeZone) else { throw FieldError(field: "due", reason: "'\(value)' is not a day like 2026-03-20") }
                        due = d
                    }
                case "t":
                    guard let d = LocalDate(iso: value) else { throw FieldError(field: "t", reason: "'\(value)' is not a day like 2026-03-20") }
                    deferUntil = d
                case "uuid":
                    guard let u = RecordUUID.normalized(value) else { throw FieldError(field: "uuid", reason: "'\(value)' is not a UUID") }
                    uuid = u
                case "pri" where done && value.count == 1: letter = value
                default: x[key] = .string(value)
                }
                continue
            }
            title.append(w)
        }
        guard !title.isEmpty else { throw FieldError(field: "description", reason: "the line has no words besides dates, projects, contexts and keys") }
        let created = createdDay.map { $0.startOfDay(in: timeZone) } ?? TaskStore.wholeSeconds(now)
        let completed = done ? (completedDay.map { $0.startOfDay(in: timeZone) } ?? created) : nil
        var t = TaskRecord(uuid: uuid ?? TodoTxtReader.uuid(for: line), title: title.joined(separator: " "), created: created,
                           modified: completed ?? created)
        t.status = done ? .done : .open
        t.completed = completed
        t.due = due
        t.dueDay = dueDay
        t.deferUntil = deferUntil
        t.contexts = contexts
        switch letter {
        case "A": t.priority = .critical
        case "B": t.priority = .high
        case nil: break
        case let other?:
            t.priority = .low
            if other != "C" { x["priority"] = .string(other) }
        }
        if projectNames.count > 1 { x["projects"] = .array(projectNames.dropFirst().map(JSONValue.string)) }
        if let rule = TodoTxtRecurrence.rule(rec: x["rec"]?.stringValue, rrule: x["rrule"]?.stringValue, kind: x["rrule_kind"]?.stringValue) {
            t.recurrence = rule
            for key in ["rec", "rrule", "rrule_kind"] { x[key] = nil }
        }
        t.extras = x
        return (t, projectNames.first)
    }

    /// A UUID made from the line's text (SHA-256, shaped as a version 8 UUID), so the same line
    /// always gets the same one.
    static func uuid(for line: String) -> String {
        var hex = Array(SHA256.hex(Array(line.utf8)).prefix(32))
        hex[12] = "8"
        hex[16] = "a"
        let s = String(hex)
        func part(_ a: Int, _ b: Int) -> Substring { s.dropFirst(a).prefix(b - a) }
        return "\(part(0, 8))-\(part(8, 12))-\(part(12, 16))-\(part(16, 20))-\(part(20, 32))"
    }
}
