import Foundation
import TaskCore
import TaskStore

/// The fields of a task that sync carries, as JSON values by name: what the three-way merge compares
/// one by one, and what is stored as the merge's base after each sync.
///
/// A missing key means empty. Times are ISO 8601 in UTC; a date-only due is `YYYY-MM-DD`; `project`
/// is a project's name (projects are matched by name across devices); `parent` is a task UUID (a
/// series' UUID for an occurrence of one); `completions` is a recurring series' done occurrences
/// (`SeriesCompletion`), merged by union rather than field by field. `TaskFields(record:)` gives one
/// row's fields; a series' fields come from `SeriesView`.
struct TaskFields: Equatable {
    /// The keys, in the order `TaskField` declares the fields at the `sync` door.
    static let keys = TaskField.members(at: .sync).map(\.member.key)

    var values: [String: JSONValue]

    init(_ values: [String: JSONValue] = [:]) {
        self.values = values.filter { $0.value != .null }
    }

    subscript(key: String) -> JSONValue? {
        get { values[key] }
        set { values[key] = newValue == .null ? nil : newValue }
    }

    /// The value of `field` under its `sync` key; nil (and setting does nothing) for a field sync
    /// does not carry.
    subscript(field: TaskField) -> JSONValue? {
        get { field.member(at: .sync).flatMap { values[$0.key] } }
        set { if let key = field.member(at: .sync)?.key { self[key] = newValue } }
    }

    static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    static func time(_ date: Date) -> String { ISODate.format(date, in: utc) }

    static func instant(_ text: String) -> Date? { text.count > 10 ? ISODate.parse(text, in: utc) : nil }

    /// The stored base: one JSON object, keys sorted (so equal fields give equal text).
    var json: String { JSONValue.object(values).encoded() }

    init(json text: String) {
        self.init((try? JSONValue.parse(text))?.objectValue ?? [:])
    }

    /// The fields of a stored task, one per field `TaskField` declares at the `sync` door (a series'
    /// `completions` come from `SeriesView`); `projects` names project UUIDs. `zone` is a repeating timed
    /// due's zone: the task's own, else `zone` (this device's), else none (the due travels in UTC).
    init(record t: TaskRecord, projects: [String: String], zone: TimeZone? = nil) {
        var v: [String: JSONValue] = [:]
        for (field, member) in TaskField.members(at: .sync) {
            let value: JSONValue? = switch field {
            case .title: .string(t.title)
            case .notes: t.notes.flatMap { $0.isEmpty ? nil : .string($0) }
            case .due: t.dueDay.map { .string($0.description) } ?? t.due.map { .string(Self.time($0)) }
            case .dueZone: Self.repeatsAtATime(t) ? Self.seriesZone(t.dueZone ?? zone?.identifier).map { .string($0) } : nil
            case .deferUntil: t.deferUntil.map { .string($0.description) }
            case .priority: t.priority == .normal ? nil : .string(t.priority.rawValue)
            case .contexts: t.contexts.isEmpty ? nil : .array(t.contexts.sorted().map { .string($0) })
            case .status: t.status == .done ? .string("done " + (t.completed.map(Self.time) ?? "")) : nil
            case .recurrence: t.recurrence?.json
            case .parent: t.parent.map { .string($0) }
            case .estimateMinutes: t.estimateMinutes.map { .int($0) }
            case .energy: t.energy.map { .string($0.rawValue) }
            case .kind: t.kind.map { .string($0.rawValue) }
            case .project: t.project.flatMap { projects[$0] }.map { .string($0) }
            case .list: t.list.flatMap { $0 == "Inbox" ? nil : .string($0) }
            case .stage: t.stage.map { .string($0) }
            case .completions, .id, .uuid, .notesSealed, .anchorDay, .created, .updated, .completed, .completedZone, .checklist,
                 .series, .remind, .place, .placeTrigger, .depth, .syncError:
                nil  // a series' (SeriesView), or not at the sync door
            }
            if let value { v[member.key] = value }
        }
        self.init(v)
    }

    /// Whether a task's due is a time of day that repeats: the one kind of due written in a zone
    /// (`DUE;TZID=`); a day repeats as a DATE, and a due that does not repeat travels in UTC.
    static func repeatsAtATime(_ t: TaskRecord) -> Bool { t.recurrence != nil && t.dueDay == nil && t.due != nil }

    /// The zone a series' due is written in, by its IANA name: nil for a name the tz database does not
    /// know, and for UTC itself (and any zone that is always UTC), whose times stay `…Z`.
    static func seriesZone(_ name: String?) -> String? {
        guard let zone = name.flatMap(TimeZone.init(identifier:)) else { return nil }
        let alwaysUTC = zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0
            && zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 0)) == nil
        return alwaysUTC ? nil : zone.identifier
    }

    /// `record` with these fields applied, one per field `TaskField` declares at the `sync` door (a
    /// series' `completions` are applied by `SeriesView`); a project named but not here is added to
    /// `newProjects`.
    func apply(to record: TaskRecord, projects: inout [String: String], newProjects: inout [ProjectRecord], now: Date) -> TaskRecord {
        var t = record
        for (field, member) in TaskField.members(at: .sync) {
            let value = self[member.key]
            switch field {
            case .title: t.title = value?.stringValue ?? (t.title.isEmpty ? "Untitled" : t.title)
            case .notes: t.notes = value?.stringValue
            case .due:
                let due = value?.stringValue
                t.dueDay = due.flatMap { $0.count == 10 ? LocalDate(iso: $0) : nil }
                t.due = t.dueDay == nil ? due.flatMap(Self.instant) : nil
            case .dueZone: t.dueZone = value?.stringValue
            case .deferUntil: t.deferUntil = value?.stringValue.flatMap(LocalDate.init(iso:))
            case .priority: t.priority = value?.stringValue.flatMap(Priority.init(rawValue:)) ?? .normal
            case .contexts: t.contexts = value?.arrayValue?.compactMap(\.stringValue) ?? []
            case .status:
                if let status = value?.stringValue, status.hasPrefix("done") {
                    t.status = .done
                    t.completed = Self.instant(String(status.dropFirst(5))) ?? t.completed ?? now
                } else {
                    t.status = .open
                    t.completed = nil
                }
            case .recurrence: t.recurrence = value.flatMap(RecurrenceRule.init(json:))
            case .parent: t.parent = value?.stringValue
            case .estimateMinutes: t.estimateMinutes = value?.intValue
            case .energy: t.energy = value?.stringValue.flatMap(Energy.init(rawValue:))
            case .kind: t.kind = value?.stringValue.flatMap(TaskKind.init(rawValue:))
            case .project:
                if let name = value?.stringValue {
                    if let uuid = projects.first(where: { $0.value.lowercased() == name.lowercased() })?.key {
                        t.project = uuid
                    } else {
                        let uuid = TaskStore.newUUID(now: now)
                        projects[uuid] = name
                        newProjects.append(ProjectRecord(uuid: uuid, name: name, created: now, modified: now))
                        t.project = uuid
                    }
                } else {
                    t.project = nil
                }
            case .list: t.list = value?.stringValue
            case .stage: t.stage = value?.stringValue
            case .completions, .id, .uuid, .notesSealed, .anchorDay, .created, .updated, .completed, .completedZone, .checklist,
                 .series, .remind, .place, .placeTrigger, .depth, .syncError:
                break  // a series' (SeriesView), or not at the sync door
            }
        }
        return t
    }
}
