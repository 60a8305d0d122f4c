import Foundation
import TaskCore
import TaskStore
import TaskerTestSupport
import Testing
@testable import TaskDesktop

/// Arrive and leave reminders from positions: a walk to a place with 5 m noise at its edge reminds
/// once; leaving and coming back reminds again; a leave reminder fires on leaving; a second runner
/// on the same file (another process fed the same positions) adds nothing; "Next visit" closes it.
@Suite struct PlaceReminderTests {
    let utc = TimeZone(identifier: "UTC")!
    let center = GeoPoint(latitude: 52.52, longitude: 13.405)

    func fixture(_ dir: TemporaryDirectory) throws -> TaskStore {
        let store = try TaskStore(path: dir.path("t.sqlite"), clock: { Date(timeIntervalSince1970: 1_800_000_000) }, timeZone: utc)
        try store.bootstrap()
        return store
    }

    /// Positions every 10 s from `start`: `count` readings at `metres` (± `noise`) from the centre.
    func walk(_ from: inout Date, _ count: Int, metres: Double, noise: Double, accuracy: Double = 10, _ random: inout SeededRandom) -> [LocationFix] {
        (0..<count).map { _ in
            let d = metres + Double.random(in: -noise...noise, using: &random)
            let fix = LocationFix(point: center.moved(metres: d, bearing: Double.random(in: 0..<360, using: &random)), accuracy: accuracy, time: from)
            from = from.addingTimeInterval(10)
            return fix
        }
    }

    @Test func oneReminderPerVisitDespiteJitterAndAgainOnTheNextVisit() throws {
        let dir = TemporaryDirectory()
        let store = try fixture(dir)
        _ = try Places(store).createPlace(name: "Supermarket", center: center, radius: 100)
        _ = try Projects(store).createProject(name: "Home", notes: nil)
        _ = try Tasks(store).createTask(TaskDraft(title: "Buy milk", project: "Home", place: PlaceBinding(place: "supermarket")))
        _ = try Tasks(store).createTask(TaskDraft(title: "Return bottles", place: PlaceBinding(place: "Supermarket", trigger: .leave)))
        let presenter = RecordingPresenter()
        let runner = ReminderRunner(store: store, schedule: ReminderSchedule(timeZone: utc), presenter: presenter)
        let second = ReminderRunner(store: store, schedule: ReminderSchedule(timeZone: utc), presenter: RecordingPresenter())
        var random = SeededRandom(seed: 20261202)
        var t = Date(timeIntervalSince1970: 1_800_000_000)

        let away = walk(&t, 6, metres: 400, noise: 5, &random)
        #expect(try runner.deliverPlaces(away).delivered.isEmpty)
        // Standing at the edge: 95 m ± 5 m for ten minutes (inside the 100 m radius, never past the 125 m exit).
        let edge = walk(&t, 60, metres: 95, noise: 5, &random)
        var delivered: [ReminderNote] = []
        for chunk in stride(from: 0, to: edge.count, by: 5) {
            let part = Array(edge[chunk..<min(chunk + 5, edge.count)])
            delivered += try runner.deliverPlaces(part).delivered
            #expect(try second.deliverPlaces(part).delivered.isEmpty, "the other runner claims nothing twice")
        }
        #expect(delivered.map(\.summary) == ["Buy milk"], "once despite jitter: \(delivered)")
        #expect(delivered.first?.body == "Arriving at Supermarket · Home")
        #expect(delivered.first?.postponeLabel == "Next visit")

        let gone = try runner.deliverPlaces(walk(&t, 12, metres: 300, noise: 5, &random)).delivered
        #expect(gone.map(\.summary) == ["Return bottles"], "the leave reminder fires on leaving")
        #expect(gone.first?.body == "Leaving Supermarket")

        let back = try runner.deliverPlaces(walk(&t, 12, metres: 30, noise: 5, &random)).delivered
        #expect(back.map(\.summary) == ["Buy milk"], "the next visit reminds again")
        #expect(try Places(store).fenceStates().values.first?.visit == 2)
    }

    @Test func aPoorFixIsIgnoredAndDwellIsRespected() throws {
        let dir = TemporaryDirectory()
        let store = try fixture(dir)
        _ = try Places(store).createPlace(name: "Gym", center: center, radius: 100)
        _ = try Tasks(store).createTask(TaskDraft(title: "Pay fees", place: PlaceBinding(place: "gym")))
        let runner = ReminderRunner(store: store, schedule: ReminderSchedule(timeZone: utc), presenter: RecordingPresenter(), placeDwell: 60)
        var random = SeededRandom(seed: 7)
        var t = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try runner.deliverPlaces(walk(&t, 3, metres: 500, noise: 0, &random))
        #expect(try runner.deliverPlaces(walk(&t, 10, metres: 10, noise: 0, accuracy: 500, &random)).delivered.isEmpty, "500 m accuracy ignored")
        #expect(try runner.deliverPlaces(walk(&t, 6, metres: 10, noise: 0, &random)).delivered.isEmpty, "50 s inside: not yet")
        #expect(try runner.deliverPlaces(walk(&t, 1, metres: 10, noise: 0, &random)).delivered.count == 1, "60 s: arrived")
    }

    @Test func nextVisitClosesTheNotificationWithoutSnoozing() throws {
        let dir = TemporaryDirectory()
        let store = try fixture(dir)
        _ = try Places(store).createPlace(name: "Work", center: center, radius: 100)
        _ = try Tasks(store).createTask(TaskDraft(title: "Print slides", place: PlaceBinding(place: "work")))
        let presenter = RecordingPresenter()
        let runner = ReminderRunner(store: store, schedule: ReminderSchedule(timeZone: utc), presenter: presenter, placeDwell: 0)
        var random = SeededRandom(seed: 9)
        var t = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try runner.deliverPlaces(walk(&t, 1, metres: 400, noise: 0, &random))
        #expect(try runner.deliverPlaces(walk(&t, 1, metres: 10, noise: 0, &random)).delivered.count == 1)
        let id = try #require(presenter.shown.first?.id)
        let report = try runner.handle(PresenterEvents(actions: [ReminderAction(notificationID: id, key: .snooze)]))
        #expect(report.closed == [id])
        #expect(try ReminderLedger(store).nextSnooze() == nil, "no timed snooze for a place reminder")
        #expect(try Tasks(store).task(TaskID(1)).status == .open)
    }
}
