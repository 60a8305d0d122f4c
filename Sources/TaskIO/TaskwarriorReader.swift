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

    static let dropped: Set<String> = ["id", "urgency"]

    /// Reads `text`. - Throws: `IOError.malformed` naming `source`, the line (or array element) and field.
    public func read(_ text: String, source: String) throws -> ImportedRecords {
        var objects: [(location: String, value: JSONValue)] = []
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "[" {
            let array: JSONValue
            do { array = try JSONValue.parse(text) } catch {
                throw IOError.malformed(source: source, location: nil, field: nil, reason: error.description)
            }
            for (i, v) in (array.arrayValue ?? []).enumerated() { objects.append(("element \(i + 1)", v)) }
        } else {
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                do { objects.append(("line \(i + 1)", try JSONValue.parse(String(line)))) } catch {
                    throw IOError.malformed(source: source, location: "line \(i + 1)", field: nil, reason: error.description)
                }
            }
        }
        var result = ImportedRecords()
        var newProjects: [String: ProjectRecord] = [:]
        var seen: [String: String] = [:]
        result.records.tasks.reserveCapacity(objects.count)
        for (location, value) in objects {
            do {
                guard let members = value.objectValue else { throw FieldError(field: nil, reason: "must be a JSON object") }
                var task = try record(members, warnings: &result.warnings, location: location)
                if let name = try projectName(members) {
                    if let uuid = projects[name.lowercased()] ?? newProjects[name.lowercased()]?.uuid {
                        task.project = uuid
                    } else {
                        let p = ProjectRecord(uuid: TaskStore.newUUID(), name: name, created: TaskStore.wholeSeconds(now),
                                              modified: TaskStore.wholeSeconds(now))
                        newProjects[name.lowercased()] = p
                        task.project = p.uuid
                    }
                }
                if let first = seen[task.uuid] {
                    throw FieldError(field: "uuid", reason: "\(task.uuid) appears again (first at \(first))")
                }
                seen[task.uuid] = location
                result.locations[task.uuid] = location
                result.records.tasks.append(task)
            } catch let error as FieldError {
                throw IOError.malformed(source: source, location: location, field: error.field, reason: error.reason)
            }
        }
        result.records.projects = newProjects.values.sorted { $0.name < $1.name }
        return result
    }

    private func projectName(_ members: [String: JSONValue]) throws(FieldError) -> String? {
        guard let v = members["project"], !v.isNull else { return nil }
        guard let s = v.stringValue else { throw FieldError(field: "project", reason: "must be a string") }
        let name = s.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }

    private func date(_ members: [String: JSONValue], _ key: String) throws(FieldError) -> Date? {
        guard let v = members[key], !v.isNull else { return nil }
        guard let s = v.stringValue, let d = TaskwarriorDate.parse(s) else {
            throw FieldError(field: key, reason: "must be a Taskwarrior time like 20261202T090000Z")
        }
        return d
    }

    private func record(_ members: [String: JSONValue], warnings: inout [String], location: String) throws(FieldError) -> TaskRecord {
        guard let rawUUID = members["uuid"]?.stringValue else { throw FieldError(field: "uuid", reason: "is missing") }
        guard let uuid = RecordUUID.normalized(rawUUID) else { throw FieldError(field: "uuid", reason: "'\(rawUUID)' is not a UUID") }
        guard let title = members["description"]?.stringValue else { throw FieldError(field: "description", reason: "is missing") }
        let created = try date(members, "entry") ?? TaskStore.wholeSeconds(now)
        var t = TaskRecord(uuid: uuid, title: title, created: created, modified: try date(members, "modified") ?? created)
        var x: [String: JSONValue] = [:]
        for (k, v) in members where !TaskwarriorReader.mapped.contains(k) && !TaskwarriorReader.dropped.contains(k) { x[k] = v }
        let status = members["status"]?.stringValue ?? "pending"
        switch status {
        case "pending", "waiting": t.status = .open
        case "completed": t.status = .done
        case "deleted", "recurring":
            t.status = .done
            x["status"] = .string(status)
        default: throw FieldError(field: "status", reason: "'\(status)' is not pending, waiting, completed, deleted or recurring")
        }
        if t.status == .done { t.completed = try date(members, "end") ?? t.modified }
        if let due = try date(members, "due") {
            let day = LocalDate(due, in: timeZone)
            if due == day.startOfDay(in: timeZone) { t.dueDay = day } else { t.due = due }
        }
        if let wait = try date(members, "wait") {
            t.deferUntil = LocalDate(wait, in: timeZone)
            x["wait"] = members["wait"]
        }
        switch members["priority"]?.stringValue {
        case "H": t.priority = .high
        case "L": t.priority = .low
        case "M": x["priority"] = "M"
        case nil: break
        case let other?: throw FieldError(field: "priority", reason: "'\(other)' is not H, M or L")
        }
        if let tags = members["tags"] {
            guard let list = tags.arrayValue?.compactMap(\.stringValue) else { throw FieldError(field: "tags", reason: "must be an array of strings") }
            t.contexts = list
        }
        if let annotations = members["annotations"]?.arrayValue, !annotations.isEmpty {
            t.notes = annotations.compactMap { $0["description"]?.stringValue }.joined(separator: "\n")
            x["annotations"] = .array(annotations)
        }
        if let recur = members["recur"]?.stringValue {
            x["recur"] = .string(recur)
            t.recurrence = TaskwarriorRecurrence.rule(recur)
            if t.recurrence == nil { warnings.append("\(location): recur '\(recur)' has no Tasker equivalent; kept under \"x\"") }
            if status == "recurring" { t.recurrence = nil }  // the template's children carry the series
        }
        t.extras = x
        return t
    }

    /// Fields read into Tasker's own (the rest go to `"x"`).
    static let mapped: Set<String> = [
        "uuid", "description", "status", "entry", "modified", "end", "due", "wait", "priority", "tags", "project",
        "annotations", "recur",
    ]
}
