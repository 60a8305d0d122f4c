import Foundation
import TaskCore
import TaskStore
import TaskerTestSupport
import Testing
@testable import TaskDesktop

/// A presenter that records what it was asked to do.
final class RecordingPresenter: ReminderPresenting {
    var shown: [(note: ReminderNote, replacing: UInt32?, id: UInt32)] = []
    var closed: [UInt32] = []
    var events: [PresenterEvents] = []
    private var nextID: UInt32 = 1

    func show(_ note: ReminderNote, replacing: UInt32?) throws -> UInt32? {
        let id = replacing ?? { defer { nextID += 1 }; return nextID }()
        shown.append((note, replacing, id))
        return id
    }

    func close(_ id: UInt32) throws { closed.append(id) }

    func wait(timeout: TimeInterval) throws -> PresenterEvents { events.isEmpty ? PresenterEvents() : events.removeFirst() }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
    var now: Date
    init(_ iso: String) { now = ISODate.parse(iso, in: TimeZone(identifier: "UTC")!)! }
}

@Suite struct ReminderRunnerTests {
    let utc = TimeZone(identifier: "UTC")!

    func fixture(_ dir: TemporaryDirectory, _ clock: TestClock) throws -> TaskStore {
        let store = try TaskStore(path: dir.path("t.sqlite"), clock: { clock.now }, timeZone: utc)
        try store.bootstrap()
        return store
    }

    @Test func earlyThenDueEachOnceAndTheDueReplacesTheEarly() throws {
        let dir = TemporaryDirectory()
        let clock = TestClock("2026-12-02T14:00")
        let store = try fixture(dir, clock)
        _ = try Projects(store).createProject(name: "Home", notes: nil)
        _ = try Tasks(store).createTask(TaskDraft(title: "Pay rent", due: ISODate.parse("2026-12-02T15:00", in: utc), project: "Home"))
        let presenter = RecordingPresenter()
        let runner = ReminderRunner(store: store, schedule: ReminderSchedule(timeZone: utc), presenter: presenter)
        #expect(try runner.deliverDue().delivered.isEmpty)
        #expect(try runner.nextWake() == ISODate.parse("2026-12-02T14:45", in: utc))
        clock.now = ISODate.parse("2026-12-02T14:45", in: utc)!
        let early = try runner.deliverDue().delivered
        #expect(early.map(\.summary) == ["Pay rent"])
        #expect(early.first?.body == "Due Today, 3:00 PM (in 15 min) · Home")
        #expect(try runner.deliverDue().delivered.isEmpty, "delivered once")
        clock.now = ISODate.parse("2026-12-02T15:00", in: utc)!
        let due = try runner.deliverDue().delivered
        #expect(due.first?.body == "Due Today, 3:00 PM · Home")
        #expect(presenter.shown.last?.replacing == 1, "the due reminder replaces the early one")
        // A second runner on the same file (another process) delivers nothing again.
        let other = ReminderRunner(store: try TaskStore(path: dir.path("t.sqlite"), clock: { clock.now }, timeZone: utc),
                                   schedule: ReminderSchedule(timeZone: utc), presenter: RecordingPresenter())
        #expect(try other.deliverDue().delivered.isEmpty)
    }

    @Test func completingOrReschedulingClosesAndDoneActionCompletes() throws {
        let dir = TemporaryDirectory()
        let clock = TestClock("2026-12-02T15:00")
        let store = try fixture(dir, clock)
        let a = try Tasks(store).createTask(TaskDraft(title: "A", due: ISODate.parse("2026-12-02T15:00", in: utc)))
        let b = try Tasks(store).createTask(TaskDraft(title: "B", due: ISODate.parse("2026-12-02T15:00", in: utc)))
        let c = try Tasks(store).createTask(TaskDraft(title: "C", due: ISODate.parse("2026-12-02T15:00", in: utc)))
        let presenter = RecordingPresenter()
        let runner = ReminderRunner(store: store, schedule: ReminderSchedule(timeZone: utc), presenter: presenter)
        #expect(try runner.deliverDue().delivered.count == 3)
        _ = try Tasks(store).completeTask(a.id)
        _ = try Tasks(store).rescheduleTask(b.id, due: ISODate.parse("2026-12-03T15:00", in: utc))
        #expect(Set(try runner.deliverDue().closed) == [1, 2])
        let report = try runner.handle(PresenterEvents(actions: [ReminderAction(notificationID: 3, key: .done)]))
        #expect(report.completed == [c.id])
        #expect(try Tasks(store).task(c.id).status == .done)
        #expect(presenter.closed.sorted() == [1, 2, 3])
        #expect(try runner.handle(PresenterEvents(actions: [ReminderAction(notificationID: 3, key: .done)])).completed.isEmpty)
    }

    @Test func snoozeShowsItAgainTenMinutesLater() throws {
        let dir = TemporaryDirectory()
        let clock = TestClock("2026-12-02T15:00")
        let store = try fixture(dir, clock)
        _ = try Tasks(store).createTask(TaskDraft(title: "Stretch", due: ISODate.parse("2026-12-02T15:00", in: utc)))
        let presenter = RecordingPresenter()
        let runner = ReminderRunner(store: store, schedule: ReminderSchedule(timeZone: utc), presenter: presenter)
        try runner.deliverDue()
        try runner.handle(PresenterEvents(actions: [ReminderAction(notificationID: 1, key: .snooze)], dismissed: [1]))
        #expect(try runner.nextWake() == ISODate.parse("2026-12-02T15:10", in: utc))
        clock.now = ISODate.parse("2026-12-02T15:09", in: utc)!
        try runner.deliverDue()
        #expect(presenter.shown.count == 1)
        clock.now = ISODate.parse("2026-12-02T15:10", in: utc)!
        try runner.deliverDue()
        #expect(presenter.shown.count == 2)
        #expect(presenter.shown.last?.note.summary == "Stretch")
    }
}
