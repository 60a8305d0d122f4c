import Foundation
import TaskCore

/// The fields a draft, a stored task and a task record all hold: what the task says (its title, notes,
/// dates, priority, estimate, energy, contexts, kind, rule, reminder). A draft becomes a stored task by
/// `takeAttributes`, so a field added here is carried with no copy to extend.
protocol TaskAttributeValues: Sendable {
    var title: String { get set }
    var notes: String? { get set }
    var due: Date? { get set }
    var dueDay: LocalDate? { get set }
    var priority: Priority { get set }
    var estimateMinutes: Int? { get set }
    var energy: Energy? { get set }
    var contexts: [String] { get set }
    var kind: TaskKind? { get set }
    var recurrence: RecurrenceRule? { get set }
    var deferUntil: LocalDate? { get set }
    var remind: ReminderSetting? { get set }
}

extension TaskAttributeValues {
    /// Sets every shared field from `other`.
    mutating func takeAttributes(from other: some TaskAttributeValues) {
        title = other.title
        notes = other.notes
        due = other.due
        dueDay = other.dueDay
        priority = other.priority
        estimateMinutes = other.estimateMinutes
        energy = other.energy
        contexts = other.contexts
        kind = other.kind
        recurrence = other.recurrence
        deferUntil = other.deferUntil
        remind = other.remind
    }
}

/// The fields a stored task (`TaskItem`) and a task record (`TaskRecord`) hold alike, stored alike:
/// their columns are declared once here (`sharedColumns`) for both rows.
protocol TaskRowValues: TaskAttributeValues {
    var status: TaskStatus { get set }
    var stage: String? { get set }
    var created: Date { get set }
    /// The row's `updated` time (a record calls it `modified`).
    var updated: Date { get set }
    var completed: Date? { get set }
}

extension TaskDraft: TaskAttributeValues {}

extension TaskItem: TaskRowValues {}

extension TaskRecord: TaskRowValues {
    var updated: Date {
        get { modified }
        set { modified = newValue }
    }
}

extension TaskColumn where Root: TaskRowValues {
    /// The columns of the fields both rows hold (the stage is written as the id the caller resolved).
    static var sharedColumns: [TaskColumn] {
        [
            TaskColumn(
                field: .title,
                writes: [Write(column: "title") { root, _ in .text(root.title) },
                         Write(column: "title_key") { root, _ in .text(TaskStore.titleKey(root.title)) }],
                reads: [Read("title")],
                reader: { index in
                    let i = index("title")
                    return { root, s in root.title = s.string(i) }
                }),
            .column(.due, "due", { $0.due }, { $0.due = $1 }, .optionalTime),
            .column(nil, "due_day", { $0.dueDay }, { $0.dueDay = $1 }, .day),
            .column(.priority, "priority", { $0.priority }, { $0.priority = $1 }, .rank),
            .column(.estimateMinutes, "estimate_minutes", { $0.estimateMinutes }, { $0.estimateMinutes = $1 }, .integer),
            .column(.energy, "energy", { $0.energy }, { $0.energy = $1 }, RawCodec<Energy>()),
            .column(.contexts, "contexts", { $0.contexts }, { $0.contexts = $1 }, .lines),
            .column(.kind, "kind", { $0.kind }, { $0.kind = $1 }, RawCodec<TaskKind>()),
            .column(.status, "status", { $0.status }, { $0.status = $1 }, .status),
            .named(.stage, "stage", from: "s.name", { $0.stage = $1 }, .optionalText, writes: "stage_id") { $0.stageID },
            recurrence,
            .column(.deferUntil, "defer_until", { $0.deferUntil }, { $0.deferUntil = $1 }, .day),
            .column(.created, "created", { $0.created }, { $0.created = $1 }, .time),
            .column(.updated, "updated", { $0.updated }, { $0.updated = $1 }, .time),
            .column(.completed, "completed", { $0.completed }, { $0.completed = $1 }, .optionalTime),
            .column(.remind, "remind", { $0.remind }, { $0.remind = $1 }, .remind),
        ]
    }

    /// The rule: `recur_rule`, its canonical RRULE text (schema v17), and `recur_kind`, null for the
    /// default kind (skip missed); `recur_frequency` and `recur_interval` are written beside them for queries.
    static var recurrence: TaskColumn {
        TaskColumn(
            field: .recurrence,
            writes: [
                Write(column: "recur_frequency") { root, _ in DatabaseValue(root.recurrence?.frequency.rawValue) },
                Write(column: "recur_interval") { root, _ in DatabaseValue(root.recurrence?.interval) },
                Write(column: "recur_rule") { root, _ in DatabaseValue(root.recurrence?.rrule) },
                Write(column: "recur_kind") { root, _ in DatabaseValue(TaskStore.storedKind(root.recurrence)) },
            ],
            reads: [Read("recur_rule"), Read("recur_kind")],
            reader: { index in
                let (rule, kind) = (index("recur_rule"), index("recur_kind"))
                return { root, s in root.recurrence = TaskStore.storedRule(s.optionalString(rule), kind: s.optionalString(kind)) }
            })
    }
}
