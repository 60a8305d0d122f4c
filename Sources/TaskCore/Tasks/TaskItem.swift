import Foundation

/// A stored task. (Not named `Task`, which Swift concurrency already owns.)
public struct TaskItem: Sendable, Hashable, Identifiable {
    public var id: TaskID
    public var title: String
    public var notes: String?
    public var due: Date?
    /// Set when the due is a whole day, not a time (a date-only due: another calendar client's
    /// `DUE;VALUE=DATE`, a bare `2026-12-10` given to a tool, a Taskwarrior due at local midnight).
    /// `due` is then that day at 9:00 in the store's zone, so lists and plans treat it as a captured
    /// day; outputs show the day alone and exports write it back as a date.
    public var dueDay: LocalDate?
    public var priority: Priority
    public var estimateMinutes: Int?
    public var energy: Energy?
    public var contexts: [String]
    public var kind: TaskKind?
    public var status: TaskStatus
    /// Workflow stage name (for example "Next" or "Waiting"); nil when not staged.
    public var stage: String?
    /// List name ("Inbox" by default).
    public var list: String
    public var project: String?
    public var parent: TaskID?
    public var recurrence: RecurrenceRule?
    public var deferUntil: LocalDate?
    public var created: Date
    public var updated: Date
    public var completed: Date?
    /// When to remind besides the due time (nil: the configured early warning). See `ReminderSchedule`.
    public var remind: ReminderSetting?
    /// The place the task reminds at (on arrival or on leaving), if any.
    public var place: PlaceBinding?
    /// The notes are sealed and the data key is not available: `notes` is nil, never the ciphertext,
    /// and saving the task keeps the sealed notes as they are.
    public var notesLocked = false

    public init(
        id: TaskID, title: String, notes: String? = nil, due: Date? = nil, priority: Priority = .normal,
        estimateMinutes: Int? = nil, energy: Energy? = nil, contexts: [String] = [], kind: TaskKind? = nil,
        status: TaskStatus = .open, stage: String? = nil, list: String = "Inbox", project: String? = nil,
        parent: TaskID? = nil, recurrence: RecurrenceRule? = nil, deferUntil: LocalDate? = nil,
        created: Date, updated: Date, completed: Date? = nil, dueDay: LocalDate? = nil, remind: ReminderSetting? = nil,
        place: PlaceBinding? = nil
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.due = due
        self.dueDay = dueDay
        self.priority = priority
        self.estimateMinutes = estimateMinutes
        self.energy = energy
        self.contexts = contexts
        self.kind = kind
        self.status = status
        self.stage = stage
        self.list = list
        self.project = project
        self.parent = parent
        self.recurrence = recurrence
        self.deferUntil = deferUntil
        self.created = created
        self.updated = updated
        self.completed = completed
        self.remind = remind
        self.place = place
    }

    /// Waiting on someone else: kind `waiting` or the "Waiting" stage.
    public var isWaiting: Bool { kind == .waiting || stage?.lowercased() == "waiting" }
    /// Put aside for some day: in the Someday stage, so out of `available` and plans.
    public var isSomeday: Bool { stage?.lowercased() == "someday" }
}

/// Changes to apply to a stored task; nil leaves a field alone, `.some(nil)` clears it.
public struct TaskUpdate: Sendable, Hashable {
    public var title: String?
    public var notes: String??
    public var due: Date??
    /// With `due` set to a date: the new due is this whole day (see `TaskItem.dueDay`); ignored otherwise.
    public var dueDay: LocalDate?
    public var priority: Priority?
    public var estimateMinutes: Int??
    public var energy: Energy??
    public var contexts: [String]?
    public var kind: TaskKind??
    public var stage: String??
    public var list: String?
    public var project: String??
    public var parent: TaskID??
    public var recurrence: RecurrenceRule??
    public var deferUntil: LocalDate??
    public var remind: ReminderSetting??
    /// A place binding by place name (checked by the store); `.some(nil)` unbinds.
    public var place: PlaceBinding??

    public init() {}
}
