import Foundation
import TaskCore

/// The fields a stored task (`TaskItem`) and a task record (`TaskRecord`) hold alike, stored alike:
/// their columns are declared once here (`sharedColumns`) for both rows.
protocol TaskRowValues {
    var title: String { get set }
    var due: Date? { get set }
    var dueDay: LocalDate? { get set }
    var priority: Priority { get set }
    var estimateMinutes: Int? { get set }
    var energy: Energy? { get set }
    var contexts: [String] { get set }
    var kind: TaskKind? { get set }
    var status: TaskStatus { get set }
    var stage: String? { get set }
    var recurrence: RecurrenceRule? { get set }
    var deferUntil: LocalDate? { get set }
    var created: Date { get set }
    /// The row's `updated` time (a record calls it `modified`).
    var updated: Date { get set }
    var completed: Date? { get set }
    var remind: ReminderSetting? { get set }
}

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
            .column(.due, "due", \.due, .time),
            .column(nil, "due_day", \.dueDay, .day),
            .column(.priority, "priority", \.priority, .rank),
            .column(.estimateMinutes, "estimate_minutes", \.estimateMinutes, .integer),
            .column(.energy, "energy", \.energy, .raw(Energy.self)),
            .column(.contexts, "contexts", \.contexts, .lines),
            .column(.kind, "kind", \.kind, .raw(TaskKind.self)),
            .column(.status, "status", \.status, .status),
            .named(.stage, "stage", from: "s.name", \.stage, .text, writes: "stage_id") { $0.stageID },
            recurrence,
            .column(.deferUntil, "defer_until", \.deferUntil, .day),
            .column(.created, "created", \.created, .time),
            .column(.updated, "updated", \.updated, .time),
            .column(.completed, "completed", \.completed, .time),
            .column(.remind, "remind", \.remind, .remind),
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
