import Foundation
import TaskCore
import TaskToolkit
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

    func task(_ id: Int64, _ title: String, due: String?, priority: Priority, contexts: [String] = []) -> TaskItem {
        TaskItem(id: TaskID(id), title: title, due: due.map(iso), priority: priority, contexts: contexts, created: testNow, updated: testNow)
    }

    @Test func taskLineHasIDTitleDueAndContexts() {
        let line = plain.taskLine(task(12, "Call mom", due: "2026-12-03T17:00", priority: .high, contexts: ["family"]))
        #expect(line == "  #12  Call mom  tomorrow 5:00 PM · high · #family")
    }

    /// A repeating task says so after its due, in the capture chip's words: a list shows which tasks
    /// come back, and "✓ Saved" confirms the repeat that was understood.
    @Test(arguments: [
        (RecurrenceRule(frequency: .weekly, weekdays: [.mon]), "  #4  Water plants  Mon 7 Dec · every Monday"),
        (RecurrenceRule(frequency: .weekly, interval: 2), "  #4  Water plants  Mon 7 Dec · every 2 weeks"),
        (RecurrenceRule(frequency: .weekly, weekdays: [.mon, .tue, .wed, .thu, .fri]), "  #4  Water plants  Mon 7 Dec · every weekday"),
        (RecurrenceRule(frequency: .monthly, days: [.init(.fri, 2), .init(.fri, 4)]), "  #4  Water plants  Mon 7 Dec · every 2nd and 4th Fri"),
        (RecurrenceRule(frequency: .monthly, days: [.init(.fri, -1)], kind: .onSchedule), "  #4  Water plants  Mon 7 Dec · monthly on the last Fri, on schedule"),
        (RecurrenceRule(frequency: .weekly, interval: 2, days: [.init(.sun)], kind: .afterCompletion), "  #4  Water plants  Mon 7 Dec · every 2 weeks on Sunday after done"),
        (RecurrenceRule(frequency: .monthly, days: [.mon, .tue, .wed, .thu, .fri].map { .init($0) }, positions: [-1], count: 6),
         "  #4  Water plants  Mon 7 Dec · monthly on the last weekday, 6 times"),
    ])
    func taskLineSaysHowATaskRepeats(rule: RecurrenceRule, line: String) {
        var plants = task(4, "Water plants", due: "2026-12-07T09:00", priority: .normal)
        plants.recurrence = rule
        #expect(plain.taskLine(plants) == line)
        #expect(TaskRenderer(useColor: true, timeZone: london, now: testNow).taskLine(plants).contains("\u{1B}[2m" + (line.components(separatedBy: " · ").last ?? "")))
        plants.status = .done
        #expect(plain.taskLine(plants) == "  #4  ✓ Water plants  Mon 7 Dec", "the next occurrence carries the repeat")
    }

    @Test func coloursPriorityAndOverdue() {
        let colour = TaskRenderer(useColor: true, timeZone: london, now: testNow)
        let taxes = task(1, "Taxes", due: "2026-11-29T09:00", priority: .critical)
        let line = colour.taskLine(taxes)
        #expect(line.contains("\u{1B}[31mTaxes\u{1B}[0m"))
        #expect(line.contains("\u{1B}[31m3 days overdue\u{1B}[0m"))
        #expect(!plain.taskLine(taxes).contains("\u{1B}"))
    }

    @Test func planTableWithTotalAndLeftovers() {
        let plan = DayPlan(
            items: [
                .init(task: task(3, "Write report", due: nil, priority: .high), start: iso("2026-12-02T10:30"), end: iso("2026-12-02T12:00"),
                      minutes: 90, estimated: false, reason: "due today"),
                .init(task: task(5, "Email Bob", due: nil, priority: .normal), start: iso("2026-12-02T12:00"), end: iso("2026-12-02T12:30"),
                      minutes: 30, estimated: true, reason: ""),
            ],
            totalMinutes: 120, budgetMinutes: 180, leftovers: [.init(task: task(9, "Paint fence", due: nil, priority: .normal), reason: "too long")])
        let lines = plain.plan(plan)
        #expect(lines[0] == "  10:30–12:00    90 min  Write report #3  due today")
        #expect(lines[1] == "  12:00–12:30   ~30 min  Email Bob #5")
        #expect(lines[2] == "  Total 2 h of 3 h")
        #expect(lines[3] == "  Didn't fit: Paint fence")
    }

    @Test func emptyPlanSaysSo() {
        #expect(plain.plan(DayPlan(items: [], totalMinutes: 0, budgetMinutes: 60, leftovers: []))[0].contains("Nothing to plan"))
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
