import Foundation

/// One task of a template: what to create, and when relative to the day the template is applied on.
///
/// Dates are kept as a whole number of days from the anchor day (`offsetDays`, negative for before
/// it) and an optional wall-clock `time`, never as instants, so applying the template in March or
/// November, on either side of a daylight-saving change, gives the same days and the same clock time.
public struct TemplateTask: Sendable, Hashable {
    public var title: String
    /// Days from the anchor day; may be negative.
    public var offsetDays: Int
    /// Local wall-clock time of the due; nil means the day's default hour (9:00).
    public var time: WallTime?
    public var estimateMinutes: Int?
    public var contexts: [String]
    public var priority: Priority
    /// Children created as subtasks of this task (each with its own offset).
    public var subtasks: [TemplateTask]

    /// The hour a task without a `time` is due at, as for a date given without a time.
    public static let defaultTime = WallTime.dateOnlyDue

    public init(
        title: String, offsetDays: Int, time: WallTime? = nil, estimateMinutes: Int? = nil, contexts: [String] = [],
        priority: Priority = .normal, subtasks: [TemplateTask] = []
    ) {
        self.title = title
        self.offsetDays = offsetDays
        self.time = time
        self.estimateMinutes = estimateMinutes
        self.contexts = contexts
        self.priority = priority
        self.subtasks = subtasks
    }

    /// The day this task falls on when the template is anchored on `anchor`.
    public func day(anchoredOn anchor: LocalDate) -> LocalDate { anchor.adding(days: offsetDays) }

    /// The instant this task is due when anchored on `anchor`: its day at its wall-clock time in `timeZone`.
    public func due(anchoredOn anchor: LocalDate, in timeZone: TimeZone) -> Date {
        let at = time ?? TemplateTask.defaultTime
        return day(anchoredOn: anchor).instant(hour: at.hour, minute: at.minute, in: timeZone)
    }

    /// The draft to store when anchored on `anchor` (no parent yet: the store links subtasks).
    public func draft(anchoredOn anchor: LocalDate, in timeZone: TimeZone, project: String?) -> TaskDraft {
        TaskDraft(
            title: title, due: due(anchoredOn: anchor, in: timeZone), priority: priority, estimateMinutes: estimateMinutes,
            contexts: contexts, project: project)
    }

    /// This task and its subtasks, depth first.
    public var count: Int { 1 + subtasks.reduce(0) { $0 + $1.count } }
}
