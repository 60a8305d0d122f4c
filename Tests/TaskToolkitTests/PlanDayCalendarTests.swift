import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskToolkit

/// plan_day around busy time supplied through `CalendarProviding` (a fixed calendar at the seam).
@Suite struct PlanDayCalendarTests {
    static let zone = ToolkitFixture.zone
    static let now = ISODate.parse("2026-03-10T08:47", in: zone)!
    static func at(_ text: String) -> Date { ISODate.parse("2026-03-10T\(text)", in: zone)! }

    /// A calendar with a 10:00–11:00 standup (an all-day transparent event is never busy, so a
    /// provider does not return it) and one calendar that could not be read.
    struct FixedCalendar: CalendarProviding {
        var hasCalendars: Bool { true }
        func busy(from start: Date, to end: Date, timeZone: TimeZone) -> CalendarBusy {
            CalendarBusy(events: [BusyEvent(title: "Standup", calendar: "Work", start: PlanDayCalendarTests.at("10:00"), end: PlanDayCalendarTests.at("11:00"))],
                         problems: ["calendar Family could not be read: no such file; planning without it"])
        }
    }

    func toolkit(planning: PlanningSettings) throws -> (TaskToolkit, TemporaryDirectory) {
        let base = try TestStore("plan-calendar", now: PlanDayCalendarTests.now, zone: Self.zone)
        let toolkit = TaskToolkit(store: base.store, planning: planning)
        for (title, minutes, energy) in [("Write report", 90, "focused"), ("Review PR", 45, "focused"), ("Email", 20, "quick"),
                                         ("Deep dive", 120, "focused"), ("Call bank", 15, "quick"), ("Tidy desk", 30, "quick")] {
            _ = try toolkit.call("create_task", ["title": .string(title), "estimate_minutes": .int(minutes), "energy": .string(energy)])
        }
        return (toolkit, base.directory)
    }

    @Test func threeHoursFocusedNeverOverlapsTheMeeting() throws {
        let (toolkit, directory) = try toolkit(planning: PlanningSettings(calendars: FixedCalendar()))
        _ = directory
        let plan = try #require(try toolkit.call("plan_day", ["budget_minutes": 180, "energy": "focused"])["plan"])
        let blocks = try #require(plan["blocks"]?.arrayValue)
        #expect(!blocks.isEmpty)
        var total = 0
        for block in blocks {
            let start = try #require(block["start"]?.stringValue.flatMap { ISODate.parse($0, in: Self.zone) })
            let end = try #require(block["end"]?.stringValue.flatMap { ISODate.parse($0, in: Self.zone) })
            #expect(start >= Self.now)
            #expect(end <= Self.at("10:00") || start >= Self.at("11:00"), "\(block.encoded()) overlaps 10:00–11:00")
            #expect(block["task_id"]?.intValue != nil && block["reason"]?.stringValue != nil)
            total += Int(end.timeIntervalSince(start) / 60)
        }
        #expect(total <= 180)
        #expect(plan["total_minutes"]?.intValue == total)
        #expect(plan["busy"] == [["title": "Standup", "calendar": "Work", "start": "2026-03-10T10:00:00+00:00",
                                  "end": "2026-03-10T11:00:00+00:00", "all_day": false]])
        #expect(plan["notices"] == ["calendar Family could not be read: no such file; planning without it"])
        #expect(plan["items"]?.arrayValue?.count == blocks.count)
    }

    @Test func respectCalendarFalseLaysTheDayEndToEnd() throws {
        let (toolkit, directory) = try toolkit(planning: PlanningSettings(calendars: FixedCalendar()))
        _ = directory
        let plan = try #require(try toolkit.call("plan_day", ["budget_minutes": 180, "respect_calendar": false])["plan"])
        #expect(plan["busy"] == [])
        #expect(plan["blocks"]?.arrayValue?.first?["start"]?.stringValue == "2026-03-10T08:50:00+00:00")
    }

    @Test func workingHoursAndBreaksWithoutACalendar() throws {
        let (toolkit, directory) = try toolkit(planning: PlanningSettings())
        _ = directory
        let plan = try #require(try toolkit.call("plan_day", ["budget_minutes": 100, "working_hours": "13:00-14:15", "breaks": 10])["plan"])
        let starts = plan["blocks"]?.arrayValue?.compactMap { $0["start"]?.stringValue } ?? []
        #expect(starts == ["2026-03-10T13:00:00+00:00", "2026-03-10T13:55:00+00:00"])
        let reasons = plan["not_planned"]?.arrayValue?.compactMap { $0["reason"]?.stringValue } ?? []
        #expect(reasons.contains("no free window of 90 min today"))
        #expect(throws: ToolkitError.self) { try toolkit.call("plan_day", ["budget_minutes": 60, "working_hours": "18:00-09:00"]) }
    }
}
