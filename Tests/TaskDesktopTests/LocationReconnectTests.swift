import Foundation
import TaskCore
import TaskStore
import TaskerTestSupport
import Testing
@testable import TaskDesktop

/// A position source that hands out queued positions and fails when told to (the bus went away).
final class ScriptedLocation: LocationSource {
    var queued: [[LocationFix]]
    var failure: DesktopError?
    init(_ queued: [[LocationFix]]) { self.queued = queued }
    func fixes(timeout: TimeInterval) throws -> [LocationFix] {
        if let failure { throw failure }
        return queued.isEmpty ? [] : queued.removeFirst()
    }
}

/// `remind --watch` keeps going when positions stop: the source is opened when places exist (also
/// one created while watching), dropped with one line when it fails, and opened again later.
@Suite struct LocationReconnectTests {
    let utc = TimeZone(identifier: "UTC")!
    let center = GeoPoint(latitude: 52.52, longitude: 13.405)

    func fixes(metres: Double, count: Int, from start: Date) -> [LocationFix] {
        (0..<count).map { LocationFix(point: center.moved(metres: metres, bearing: 90), accuracy: 10, time: start.addingTimeInterval(Double($0) * 10)) }
    }

    @Test func aPlaceCreatedWhileWatchingAndABusThatGoesAwayAreBothSurvived() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let fixture = try TestStore(now: start, zone: utc)
        let store = fixture.store
        let runner = ReminderRunner(store: store, schedule: ReminderSchedule(timeZone: utc), presenter: RecordingPresenter(), placeDwell: 0)
        runner.locationRetry = 0.05
        var opened: [ScriptedLocation] = []
        var refuse = false
        runner.connectLocation = {
            if refuse { throw DesktopError.noLocation("GeoClue is not running") }
            let source = ScriptedLocation([self.fixes(metres: 500, count: 2, from: start), self.fixes(metres: 10, count: 3, from: start.addingTimeInterval(30))])
            opened.append(source)
            return source
        }
        var reports: [ReminderRunner.Report] = []
        var turns = 0
        var step = 0
        try runner.watch(shouldStop: {
            turns += 1
            switch step {
            case 0 where turns == 3:  // no places yet: nothing opened; now the user creates one
                #expect(opened.isEmpty, "no places: GeoClue is not asked")
                _ = try? Places(store).createPlace(name: "Supermarket", center: self.center, radius: 100)
                _ = try? Tasks(store).createTask(TaskDraft(title: "Buy milk", place: PlaceBinding(place: "Supermarket")))
                step = 1
            case 1 where reports.contains { !$0.delivered.isEmpty }:  // arrived: the bus goes away
                opened.last?.failure = .noLocation("the system bus went away")
                refuse = true
                step = 2
            case 2 where reports.contains { $0.notices.contains { $0.contains("GeoClue is not running") } }:
                refuse = false  // GeoClue is back
                step = 3
            case 3 where reports.contains { $0.notices.contains("location works again") }:
                return true
            default:
                break
            }
            if turns > 2_000 { Issue.record("stuck at step \(step)"); return true }
            usleep(1_000)
            return false
        }, onReport: { reports.append($0) })
        #expect(reports.flatMap(\.delivered).map(\.summary) == ["Buy milk"], "one arrival, then nothing twice")
        let notices = reports.flatMap(\.notices)
        #expect(notices.first?.hasPrefix("location reminders are off: the system bus went away; time reminders keep working; tasker tries again in ") == true, "\(notices)")
        #expect(notices.filter { $0.contains("GeoClue is not running") }.count == 1, "a failure that repeats is said once: \(notices)")
        #expect(notices.last == "location works again")
        #expect(opened.count == 2)
    }

    @Test func durationsAreSaidInWords() {
        #expect(ReminderRunner.duration(60) == "1 min")
        #expect(ReminderRunner.duration(900) == "15 min")
        #expect(ReminderRunner.duration(30) == "30 s")
    }
}
