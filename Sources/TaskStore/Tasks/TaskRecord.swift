import Foundation
import TaskCore

/// A whole task as export, import and sync see it: keyed by its UUID, every reference by UUID or name.
///
/// `project` and `parent` are UUIDs (of a project and of a task); `list` and `stage` are names.
/// `modified` is the row's `updated` time. `extras` holds fields Tasker has no column for, kept as
/// they came (exports write them under `"x"`).
public struct TaskRecord: Sendable, Hashable {
    public var uuid: String
    public var title: String
    public var notes: String?
    /// A timed due; nil when the due is date-only (`dueDay`), whose instant depends on the zone
    /// that reads it (the store derives it: that day at 9:00), so records compare the same anywhere.
    public var due: Date?
    /// Set when the due is a whole day (see `TaskItem.dueDay`).
    public var dueDay: LocalDate?
    public var priority: Priority
    public var estimateMinutes: Int?
    public var energy: Energy?
    public var contexts: [String]
    public var kind: TaskKind?
    public var status: TaskStatus
    public var stage: String?
    public var list: String?
    public var project: String?
    public var parent: String?
    public var recurrence: RecurrenceRule?
    /// The day of month a monthly or yearly series is anchored on (see `TaskStore+RecurrenceAnchor`).
    public var anchorDay: Int?
    public var deferUntil: LocalDate?
    public var created: Date
    public var modified: Date
    public var completed: Date?
    /// The recurring series this occurrence belongs to (the UUID of its first occurrence), for streaks.
    public var series: String?
    /// The time zone the task was completed in (an IANA name), so a streak keeps the day it was lived.
    public var completedZone: String?
    /// The IANA zone a repeating timed due keeps its wall-clock time in; nil: this device's zone.
    public var dueZone: String?
    /// On a done occurrence of a series: the titles of the subtasks done for it.
    public var checklist: [String]?
    /// The task's own reminder (see `ReminderSetting`), when it has one.
    public var remind: ReminderSetting?
    /// The UUID of the place the task reminds at, and whether on arriving or leaving.
    public var place: String?
    public var placeTrigger: PlaceBinding.Trigger?
    public var extras: [String: JSONValue]
    /// The notes are sealed and were withheld (`records(sealedNotes: .withheld)`): `notes` is nil and
    /// writing this record keeps the stored notes as they are.
    public var notesWithheld = false

    /// A record with the given identity and times; every other field empty (set them as needed).
    public init(uuid: String, title: String, created: Date, modified: Date) {
        self.uuid = uuid
        self.title = title
        self.notes = nil
        self.due = nil
        self.dueDay = nil
        self.priority = .normal
        self.estimateMinutes = nil
        self.energy = nil
        self.contexts = []
        self.kind = nil
        self.status = .open
        self.stage = nil
        self.list = nil
        self.project = nil
        self.parent = nil
        self.recurrence = nil
        self.anchorDay = nil
        self.deferUntil = nil
        self.created = created
        self.modified = modified
        self.completed = nil
        self.series = nil
        self.completedZone = nil
        self.dueZone = nil
        self.checklist = nil
        self.remind = nil
        self.extras = [:]
    }
}
