import Foundation
import TaskCore
import TaskNL
import TaskStore

/// Delivers reminders from the store to a presenter, once each, and keeps what is shown true:
/// a reminder whose task was completed, rescheduled or deleted (from any door, or by a sync) is
/// closed; "Done" completes the task; "Snooze 10 min" shows it again ten minutes later.
///
/// Every delivery and close is claimed in the store first (`ReminderLedger`), so two runners
/// on one database, or one restarted, deliver each reminder once.
public final class ReminderRunner {
    public static let snooze: TimeInterval = 10 * 60
    /// How often a watcher looks for changes made by other processes (`PRAGMA data_version`).
    public static let pollInterval: TimeInterval = 0.5

    /// What one pass did, for the command line to report and tests to check.
    public struct Report: Sendable, Hashable {
        public var delivered: [ReminderNote] = []
        public var closed: [UInt32] = []
        public var completed: [TaskID] = []
        public var snoozed: [TaskID] = []
        /// What changed about positions while watching, one line each ("location reminders are off: …").
        public var notices: [String] = []
    }

    public let store: TaskStore
    /// The delivered reminders, over `store`'s connection.
    let ledger: ReminderLedger
    public let schedule: ReminderSchedule
    public let presenter: ReminderPresenting
    /// Positions for arrive and leave reminders while watching (nil: time reminders only).
    public var location: LocationSource?
    /// Opens a position source (GeoClue in the command line). While watching, the runner opens one
    /// when places exist and none is open: at the start, after a place is created, and again after
    /// the source failed (the bus went away, GeoClue restarted) — first a minute later, then at
    /// doubling intervals up to a quarter of an hour. Time reminders never wait for it.
    public var connectLocation: (() throws -> LocationSource)?
    /// The first wait before opening the source again after it failed; doubles up to `maximumLocationRetry`.
    public var locationRetry: TimeInterval = 60
    public static let maximumLocationRetry: TimeInterval = 15 * 60
    private var nextLocationAttempt = Date.distantPast
    private var currentLocationRetry: TimeInterval?
    /// The last problem said, so a failure that repeats is said once.
    private var locationProblem: String?
    /// The place fences those positions are fed to.
    public var places: PlaceCrossings
    /// Agents' requests shown with Approve and Reject while watching (nil: none shown).
    public var approvals: ApprovalPrompts?

    public init(store: TaskStore, schedule: ReminderSchedule, presenter: ReminderPresenting,
                location: LocationSource? = nil, placeDwell: TimeInterval = Geofence.defaultDwell) {
        self.store = store
        ledger = ReminderLedger(store)
        self.schedule = schedule
        self.presenter = presenter
        self.location = location
        self.places = PlaceCrossings(store: store, dwell: placeDwell)
    }

    /// Feeds positions to the place fences and delivers a reminder to every open task bound to a
    /// place crossed the way it asked (arrive or leave), once per visit: the claim's key names the
    /// place and the visit, so jitter never repeats it and the next visit reminds again.
    /// - Throws: store errors; a presenter failure gives the claim back first.
    @discardableResult
    public func deliverPlaces(_ fixes: [LocationFix]) throws -> Report {
        var report = Report()
        for crossing in try places.crossings(fixes) {
            for task in try Places(store).openTasks(at: crossing.place.id) where task.place?.trigger == crossing.event {
                let key = "place:\(task.id.rawValue):\(crossing.event.rawValue):\(crossing.place.id.rawValue):\(crossing.visit)"
                guard try ledger.claim(key: key, task: task.id, due: task.due) else { continue }
                var parts = [ChipText.place(PlaceBinding(place: crossing.place.name, trigger: crossing.event))]
                if let project = task.project { parts.append(project) }
                let note = ReminderNote(task: task.id, summary: task.title, body: parts.joined(separator: " · "),
                                        urgent: task.priority == .critical || task.priority == .high, postponeLabel: "Next visit")
                do {
                    if let id = try presenter.show(note, replacing: nil) { try ledger.recordNotification(key: key, id: id) }
                } catch {
                    try ledger.release(key: key)
                    throw error
                }
                report.delivered.append(note)
            }
        }
        return report
    }

    /// One pass at the store's now: close what is stale, show snoozed reminders again, deliver
    /// what has come due. - Throws: store errors; a presenter failure after a claim gives the
    /// claim back first.
    @discardableResult
    public func deliverDue() throws -> Report {
        var report = Report()
        let now = store.clock()
        try closeStale(&report)
        for row in try ledger.claimSnoozed() {
            guard let task = try Reminders(store).taskIfPresent(row.task), task.status == .open else { continue }
            if let id = try presenter.show(note(for: task, kind: .due, now: now), replacing: nil) {
                try ledger.recordNotification(key: row.key, id: id)
            }
        }
        let tasks = try Reminders(store).tasksWithReminders()
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let shown = try ledger.shown()
        for reminder in schedule.dueNow(tasks, now: now) {
            guard let task = byID[reminder.task], try ledger.claim(reminder) else { continue }
            let earlier = shown.last { $0.task == task.id && $0.notificationID != nil }
            let note = note(for: task, kind: reminder.kind, now: now)
            do {
                if let id = try presenter.show(note, replacing: earlier?.notificationID) {
                    try ledger.recordNotification(key: reminder.key, id: id)
                }
            } catch {
                try ledger.release(key: reminder.key)
                throw error
            }
            if let earlier { _ = try ledger.claimClose(key: earlier.key) }
            report.delivered.append(note)
        }
        return report
    }

    /// Acts on what the user did: "Done" completes the task (and closes the notification),
    /// "Snooze" hides it for ten minutes; a notification closed by the user is no longer shown.
    @discardableResult
    public func handle(_ events: PresenterEvents) throws -> Report {
        var report = Report()
        for action in events.actions {
            guard let row = try ledger.claimAction(notificationID: action.notificationID) else { continue }
            switch action.key {
            case .done:
                if let task = try Reminders(store).taskIfPresent(row.task), task.status == .open {
                    _ = try Tasks(store).completeTask(task.id)
                    report.completed.append(task.id)
                }
                if try ledger.claimClose(key: row.key) {
                    try presenter.close(action.notificationID)
                    report.closed.append(action.notificationID)
                }
            case .snooze where row.key.hasPrefix("place:"):
                // "Next visit": closed now; the next visit has its own key, so it reminds again.
                if try ledger.claimClose(key: row.key) {
                    try presenter.close(action.notificationID)
                    report.closed.append(action.notificationID)
                }
                report.snoozed.append(row.task)
            case .snooze:
                try ledger.snooze(key: row.key, until: store.clock().addingTimeInterval(Self.snooze))
                report.snoozed.append(row.task)
            case .approve, .reject:
                break  // an agent's request: `ApprovalPrompts` decides it
            }
        }
        for id in events.dismissed { try ledger.markDismissed(notificationID: id) }
        return report
    }

    /// When the next pass is needed: the next reminder or snooze after now.
    public func nextWake() throws -> Date? {
        let now = store.clock()
        return [schedule.next(try Reminders(store).tasksWithReminders(), after: now), try ledger.nextSnooze()].compactMap { $0 }.min()
    }

    /// Runs until `shouldStop` says so: sleeps until the next reminder, waking early when another
    /// process changes the database or the user clicks, and calls `onReport` after each pass that
    /// did something.
    public func watch(shouldStop: () -> Bool = { false }, onReport: (Report) -> Void = { _ in }) throws {
        var version = try Reminders(store).dataVersion()
        report(try readPositions(), onReport)  // GeoClue's answer (or why not) before the first reminders
        var wake = try pass(onReport)
        if let approvals { report(Report(notices: try approvals.refresh()), onReport) }
        while !shouldStop() {
            let now = store.clock()
            let timeout = min(Self.pollInterval, max(0, (wake ?? .distantFuture).timeIntervalSince(now)))
            var events = try presenter.wait(timeout: timeout)
            if let approvals, !events.actions.isEmpty {
                let (rest, lines) = try approvals.handle(events.actions)
                events.actions = rest
                report(Report(notices: lines), onReport)
            }
            var changed = !events.actions.isEmpty || !events.dismissed.isEmpty
            if changed { report(try handle(events), onReport) }
            report(try readPositions(), onReport)
            let current = try Reminders(store).dataVersion()
            if current != version {
                changed = true
                version = current
                if let approvals { report(Report(notices: try approvals.refresh()), onReport) }
            }
            if changed || (wake.map { $0 <= store.clock() } ?? false) { wake = try pass(onReport) }
        }
    }

    /// Opens the position source when it is due, feeds what it reports to the fences, and drops it
    /// (saying so once: a source's errors say that location reminders are off and why) when it
    /// fails: the watcher goes on with time reminders.
    private func readPositions() throws -> Report {
        var report = Report()
        if location == nil, let connect = connectLocation, Date() >= nextLocationAttempt, !(try Places(store).placeNames().isEmpty) {
            do {
                location = try connect()
                if locationProblem != nil { report.notices.append("location works again") }
                locationProblem = nil
                currentLocationRetry = nil
            } catch {
                locationFailed("\(error)", &report)
            }
        }
        guard let source = location else { return report }
        let fixes: [LocationFix]
        do {
            fixes = try source.fixes(timeout: 0)
        } catch {
            location = nil
            locationFailed("\(error)", &report)
            return report
        }
        guard !fixes.isEmpty else { return report }
        var delivered = try deliverPlaces(fixes)
        delivered.notices = report.notices
        return delivered
    }

    private func locationFailed(_ problem: String, _ report: inout Report) {
        let retry = currentLocationRetry.map { min($0 * 2, Self.maximumLocationRetry) } ?? locationRetry
        currentLocationRetry = retry
        nextLocationAttempt = Date().addingTimeInterval(retry)
        if problem != locationProblem {
            report.notices.append(connectLocation == nil ? problem : "\(problem); tasker tries again in \(Self.duration(retry))")
        }
        locationProblem = problem
    }

    /// "1 min", "15 min", "30 s".
    static func duration(_ seconds: TimeInterval) -> String {
        seconds >= 60 ? "\(Int((seconds / 60).rounded())) min" : "\(Int(seconds.rounded())) s"
    }

    private func pass(_ onReport: (Report) -> Void) throws -> Date? {
        report(try deliverDue(), onReport)
        return try nextWake()
    }

    private func report(_ report: Report, _ onReport: (Report) -> Void) {
        if !report.delivered.isEmpty || !report.closed.isEmpty || !report.completed.isEmpty || !report.snoozed.isEmpty || !report.notices.isEmpty {
            onReport(report)
        }
    }

    /// Closes shown reminders whose task is gone, done, or due at another time than the reminder was for.
    private func closeStale(_ report: inout Report) throws {
        for row in try ledger.shown() {
            let task = try Reminders(store).taskIfPresent(row.task)
            let stale = task == nil || task?.status != .open || task?.due != row.due
            guard stale, try ledger.claimClose(key: row.key) else { continue }
            if let id = row.notificationID {
                try presenter.close(id)
                report.closed.append(id)
            }
        }
    }

    /// Summary = title; body = when it is due and its project.
    func note(for task: TaskItem, kind: Reminder.Kind, now: Date) -> ReminderNote {
        var parts: [String] = []
        if let due = task.due {
            let when = ChipText.due(due, now: now, timeZone: schedule.timeZone)
            let minutes = Int((due.timeIntervalSince(now) / 60).rounded(.up))
            if minutes > 0 && kind != .due {
                parts.append("Due \(when) (in \(minutes) min)")
            } else {
                parts.append("Due \(when)")
            }
        } else {
            parts.append("Reminder")
        }
        if let project = task.project { parts.append(project) }
        return ReminderNote(task: task.id, summary: task.title, body: parts.joined(separator: " · "), urgent: task.priority == .critical || task.priority == .high)
    }
}
