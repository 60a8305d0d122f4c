import Foundation
import TaskCore
import Testing
import TaskerTestSupport

/// `tasker add`, `today`, `plan`, `done`, `note` through the real binary (issue 12).
@Suite struct ShortCommandTests {
    let directory = TemporaryDirectory("short")
    var db: String { directory.path("tasks.sqlite") }
    let clock = ["TASKER_NOW": "2026-12-02T10:30", "TZ": "Europe/London", "NO_COLOR": "1"]

    func tasker(_ arguments: [String]) throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db] + arguments, environment: clock)
    }

    func titles(filter: String = "all") throws -> [String] {
        let result = try tasker(["call", "list_tasks", "{\"filter\": \"\(filter)\"}"])
        return try JSONValue.parse(result.stdout)["tasks"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    @Test func addSavesWithoutAskingAndShowsTheChips() throws {
        let result = try tasker(["add", "call", "mom", "tomorrow", "5pm", "#family"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("✓ Saved #1  Call mom"))
        #expect(result.stdout.contains("[#family] [Tomorrow, 5:00 PM] [Call]"))
        #expect(try titles() == ["Call mom"])
    }

    @Test func addDryRunSavesNothingAndSplitsSeveralTasks() throws {
        let result = try tasker(["add", "--dry-run", "buy milk tomorrow and also call bob friday at 5pm"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Buy milk") && result.stdout.contains("[Fri 4 Dec, 5:00 PM] [Call]"))
        #expect(try titles().isEmpty)
        let saved = try tasker(["add", "--json", "buy milk; call bob"])
        let lines = saved.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(try JSONValue.parse(String(lines[1]))["task"]?["title"] == "Call bob")
    }

    @Test func addWithNoTextIsAUsageError() throws {
        let result = try tasker(["add"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tasker: add:"))
    }

    @Test func todayListsWhatIsDueAndJsonIsTheToolsResult() throws {
        _ = try tasker(["add", "pay rent today"])
        _ = try tasker(["add", "call bob next week"])
        let human = try tasker(["today"])
        #expect(human.status == 0)
        #expect(human.stdout.contains("Pay rent") && !human.stdout.contains("Call bob"))
        let json = try JSONValue.parse(try tasker(["today", "--json"]).stdout)
        #expect(json["ok"] == true && json["filter"] == "today" && json["count"] == 1)
    }

    @Test func planTakesMinutesAndAnEnergyInEitherOrder() throws {
        _ = try tasker(["add", "write the report today ~45m"])
        let json = try JSONValue.parse(try tasker(["plan", "focused", "90", "--json"]).stdout)
        #expect(json["plan"]?["budget_minutes"] == 90)
        #expect(json["plan"]?["items"]?.arrayValue?.first?["title"] == "Write the report")
        let human = try tasker(["plan"])
        #expect(human.status == 0 && human.stdout.contains("Write the report"))
        let bad = try tasker(["plan", "lots"])
        #expect(bad.status == 2 && bad.stderr.contains("neither a number of minutes nor one of quick, focused, deep"), "\(bad.stderr)")
        #expect(try tasker(["plan", "--help"]).stdout.contains("[MINUTES] [quick|focused|deep]"))
    }

    @Test func doneCompletesByTitleOrIdAndANoMatchIsOneLine() throws {
        _ = try tasker(["add", "call mom"])
        _ = try tasker(["add", "renew passport"])
        let byTitle = try tasker(["done", "call", "mom"])
        #expect(byTitle.status == 0 && byTitle.stdout.contains("Call mom"), "\(byTitle.stderr)")
        #expect(!byTitle.stdout.contains("/undo"), "a shell has no /undo to type: \(byTitle.stdout)")
        let byID = try JSONValue.parse(try tasker(["done", "--json", "2"]).stdout)
        #expect(byID["ok"] == true)
        #expect(try titles(filter: "open").isEmpty)
        let missing = try tasker(["done", "walk the dog"])
        #expect(missing.status == 0, "as `tasker call`: the call ran")
        #expect(missing.stderr == "tasker: no open task matches 'walk the dog'; list_tasks shows what there is\n")
    }

    @Test func noteAppendsAndCreatesThePage() throws {
        let created = try tasker(["note", "Kitchen", "buy", "tiles"])
        #expect(created.status == 0 && created.stdout.contains("Kitchen"))
        let appended = try tasker(["note", "--json", "Kitchen", "grout too"])
        #expect(try JSONValue.parse(appended.stdout)["ok"] == true)
        let page = try JSONValue.parse(try tasker(["call", "read_page", "{\"page\": \"Kitchen\"}"]).stdout)
        let body = page["page"]?["body"]?.stringValue ?? ""
        #expect(body.contains("buy tiles") && body.contains("grout too"), "\(page.encoded())")
    }

    @Test func aDatabaseThatCannotBeUsedExitsOne() throws {
        let folder = directory.path("not-a-db")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try TaskerBinary.run(["--db", folder, "today"], environment: clock)
        #expect(result.status == 1)
    }
}
