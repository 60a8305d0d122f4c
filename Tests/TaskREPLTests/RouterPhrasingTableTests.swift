import Foundation
import TaskCore
import TaskNL
import TaskToolkit
import TaskerTestSupport
import Testing
@testable import TaskREPL

/// `Fixtures/router/phrasings.table`: at least 120 phrasings, at least half of them look-alikes that
/// must stay captures, each routed as the table says.
@Suite struct RouterPhrasingTableTests {
    struct Row: Sendable, CustomStringConvertible {
        var line: Int
        var phrase: String
        var expected: String
        var description: String { "phrasings.table:\(line) \"\(phrase)\"" }
    }

    static func load() throws -> (titles: [String], rows: [Row]) {
        let text = try FixtureFile.text("router/phrasings.table")
        var titles: [String] = []
        var rows: [Row] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            if raw.hasPrefix("//") || raw.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if raw.hasPrefix("@tasks ") {
                titles = raw.dropFirst(7).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            guard let arrow = raw.range(of: " => ") else { continue }
            rows.append(Row(line: index + 1, phrase: String(raw[..<arrow.lowerBound]), expected: String(raw[arrow.upperBound...])))
        }
        return (titles, rows)
    }

    static let zone = TimeZone(identifier: "Europe/London")!
    static let now = ISODate.parse("2026-12-02T10:30:00+00:00", in: zone)!

    static func router(knowing titles: [String]) -> IntentRouter {
        let parser = TaskNLParser()
        let now = Self.now, zone = Self.zone
        return IntentRouter(context: IntentContext(
            isDate: { parser.parseDate($0, now: now, timeZone: zone) != nil },
            isOpenTask: { words in titles.contains { $0.lowercased().contains(words.lowercased()) } },
            now: { now }, timeZone: zone))
    }

    /// The intent a row's expected text names.
    static func intent(_ expected: String, phrase: String) throws -> Intent {
        if expected == "capture" { return .capture(phrase) }
        let parts = expected.split(separator: " ", maxSplits: 1).map(String.init)
        if parts[0] == "pick" { return .pickTask(TaskPick(rawValue: parts[1])!) }
        if parts[0] == "count" {
            let inner = try intent(parts[1], phrase: phrase)
            guard case .tool(let call) = inner, let list = call as? ListTasks else { return inner }
            return .count(list)
        }
        if parts[0] == "edit" {
            let inner = try intent(parts[1], phrase: phrase)
            guard case .tool(let call) = inner else { return inner }
            return .edit(call)
        }
        let name = parts[0]
        let arguments = parts.count > 1 ? try JSONValue.parse(parts[1]) : .object([:])
        return .tool(name: name, arguments: arguments)
    }

    @Test func theTableHoldsAndIsHalfLookAlikes() throws {
        let (titles, rows) = try Self.load()
        let router = Self.router(knowing: titles)
        let lookAlikes = rows.filter { $0.expected == "capture" }.count
        #expect(rows.count >= 120, "only \(rows.count) phrasings")
        #expect(lookAlikes * 2 >= rows.count, "only \(lookAlikes) look-alikes of \(rows.count)")
        var failures: [String] = []
        for row in rows {
            let want = try Self.intent(row.expected, phrase: row.phrase)
            let got = router.route(row.phrase)
            if got != want { failures.append("\(row): expected \(row.expected), got \(got) (rule \(router.ruleName(for: row.phrase) ?? "none"))") }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(rows.count) rows fail:\n\(failures.joined(separator: "\n"))")
    }

    @Test func weakVerbsNeedATaskThatExists() {
        let empty = Self.router(knowing: [])
        #expect(empty.route("move dentist appointment to dec 15") == .capture("move dentist appointment to dec 15"))
        #expect(empty.route("finish the taxes") == .capture("finish the taxes"))
        // The strong forms still name it: the chat says no task matches and offers a capture.
        #expect(empty.route("mark call mom as done") == .tool(name: "complete_task", arguments: ["title": "call mom"]))
    }

    @Test(arguments: [
        ("2026-12-02T08:00:00+00:00", "morning", 180, "2026-12-02", "2026-12-02T09:00:00+00:00"),
        ("2026-12-02T15:00:00+00:00", "afternoon", 120, "2026-12-02", nil),
        ("2026-12-02T22:00:00+00:00", "evening", 180, "2026-12-03", "2026-12-03T18:00:00+00:00"),
    ] as [(String, String, Int, String, String?)])
    func planWindows(now: String, part: String, minutes: Int, day: String, start: String?) {
        let moment = ISODate.parse(now, in: Self.zone)!
        let window = PlanWindow.all.first { $0.name == part }!
        let (d, s, m) = window.resolve(now: moment, timeZone: Self.zone)
        #expect(d.description == day && m == minutes)
        #expect(s.map { ISODate.format($0, in: Self.zone) } == start)
    }
}
