import Foundation

/// The fields of a task before it is stored: what the capture grammar, a model or a tool call produce.
public struct TaskDraft: Sendable, Hashable {
    public var title: String
    public var notes: String?
    public var due: Date?
    /// Set when the due is a whole day (see `TaskItem.dueDay`); `due` is then that day at 9:00.
    public var dueDay: LocalDate?
    public var priority: Priority
    public var estimateMinutes: Int?
    public var energy: Energy?
    public var contexts: [String]
    public var kind: TaskKind?
    public var recurrence: RecurrenceRule?
    public var deferUntil: LocalDate?
    /// List name; nil means the default list ("Inbox").
    public var list: String?
    /// Project name; nil means none.
    public var project: String?
    public var parent: TaskID?
    /// When to remind besides the due time ("remind me 30 min before", "remind me at 4pm").
    public var remind: ReminderSetting?
    /// Remind on arriving at or leaving this place (by name; the store checks it exists).
    public var place: PlaceBinding?

    public init(
        title: String, notes: String? = nil, due: Date? = nil, priority: Priority = .normal,
        estimateMinutes: Int? = nil, energy: Energy? = nil, contexts: [String] = [], kind: TaskKind? = nil,
        recurrence: RecurrenceRule? = nil, deferUntil: LocalDate? = nil, list: String? = nil,
        project: String? = nil, parent: TaskID? = nil, dueDay: LocalDate? = nil, remind: ReminderSetting? = nil,
        place: PlaceBinding? = nil
    ) {
        self.dueDay = dueDay
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.estimateMinutes = estimateMinutes
        self.energy = energy
        self.contexts = contexts
        self.kind = kind
        self.recurrence = recurrence
        self.deferUntil = deferUntil
        self.list = list
        self.project = project
        self.parent = parent
        self.remind = remind
        self.place = place
    }
}
