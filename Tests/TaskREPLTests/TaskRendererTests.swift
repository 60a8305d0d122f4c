import Foundation
import TaskCore
import Testing
@testable import TaskREPL

@Suite struct TaskRendererTests {
    let plain = TaskRenderer(useColor: false, timeZone: london, now: testNow)

    func iso(_ text: String) -> Date { ISODate.parse(text, in: london)! }

    @Test(arguments: [
        ("2026-12-02T17:00", "today 5:00 PM", false),
        ("2026-12-03T09:00", "tomorrow", false),
        ("2026-12-03T17:00", "tomorrow 5:00 PM", false),
        ("2026-12-04T09:00", "Fri 4 Dec", false),
        ("2027-06-12T09:00", "Sat 12 Jun 2027", false),
        ("2026-12-02T09:00", "today 9:00 AM", true),
        ("2026-12-01T09:00", "yesterday", true),
        ("2026-11-29T09:00", "3 days overdue", true),
    ])
    func relativeDates(due: String, text: String, overdue: Bool) {
        let result = plain.relative(iso(due))
        #expect(result.text == text)
        #expect(result.overdue == overdue)
    }

    @Test func taskLineHasIDTitleDueAndContexts() {
        let task: JSONValue = ["id": 12, "title": "Call mom", "due": "2026-12-03T17:00:00+00:00", "priority": "high", "contexts": ["family"], "status": "open"]
        let line = plain.taskLine(task)
        #expect(line == "  #12  Call mom  tomorrow 5:00 PM · high · #family")
    }

    @Test func coloursPriorityAndOverdue() {
        let colour = TaskRenderer(useColor: true, timeZone: london, now: testNow)
        let task: JSONValue = ["id": 1, "title": "Taxes", "due": "2026-11-29T09:00:00+00:00", "priority": "critical", "status": "open"]
        let line = colour.taskLine(task)
        #expect(line.contains("\u{1B}[31mTaxes\u{1B}[0m"))
        #expect(line.contains("\u{1B}[31m3 days overdue\u{1B}[0m"))
        #expect(!plain.taskLine(task).contains("\u{1B}"))
    }

    @Test func planTableWithTotalAndLeftovers() {
        let plan: JSONValue = [
            "items": [
                ["id": 3, "title": "Write report", "start": "2026-12-02T10:30:00+00:00", "end": "2026-12-02T12:00:00+00:00", "minutes": 90, "estimated": false, "priority": "high", "reason": "due today"],
                ["id": 5, "title": "Email Bob", "start": "2026-12-02T12:00:00+00:00", "end": "2026-12-02T12:30:00+00:00", "minutes": 30, "estimated": true, "priority": "normal", "reason": ""],
            ],
            "total_minutes": 120, "budget_minutes": 180,
            "not_planned": [["id": 9, "title": "Paint fence", "reason": "too long"]],
        ]
        let lines = plain.plan(plan)
        #expect(lines[0] == "  10:30–12:00    90 min  Write report #3  due today")
        #expect(lines[1] == "  12:00–12:30   ~30 min  Email Bob #5")
        #expect(lines[2] == "  Total 2 h of 3 h")
        #expect(lines[3] == "  Didn't fit: Paint fence")
    }

    @Test func emptyPlanSaysSo() {
        #expect(plain.plan(["items": [], "budget_minutes": 60])[0].contains("Nothing to plan"))
    }

    @Test func chips() {
        #expect(plain.chips(["High", "≈15 min", "#family"]) == "[High] [≈15 min] [#family]")
    }

    @Test func durations() {
        #expect(TaskRenderer.duration(45) == "45 min")
        #expect(TaskRenderer.duration(120) == "2 h")
        #expect(TaskRenderer.duration(90) == "1 h 30 min")
    }
}
