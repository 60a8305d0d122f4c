import Foundation
import TaskCore
import Testing
@testable import TaskToolkit

/// Recurrence arguments take the grammar's phrases as well as the object form (issue 12).
@Suite struct RecurrencePhraseTests {
    @Test(arguments: [
        ("every monday", ["frequency": "weekly", "interval": 1, "weekdays": ["mon"]]),
        ("weekdays", ["frequency": "weekly", "interval": 1, "weekdays": ["mon", "tue", "wed", "thu", "fri"]]),
        ("every 2 weeks", ["frequency": "weekly", "interval": 2, "weekdays": []]),
        ("Every Mon and Thu", ["frequency": "weekly", "interval": 1, "weekdays": ["mon", "thu"]]),
        ("daily", ["frequency": "daily", "interval": 1, "weekdays": []]),
        ("mondays", ["frequency": "weekly", "interval": 1, "weekdays": ["mon"]]),
        ("every other month", ["frequency": "monthly", "interval": 2, "weekdays": []]),
    ] as [(String, JSONValue)])
    func createTaskReadsAPhrase(phrase: String, rule: JSONValue) throws {
        let f = try ToolkitFixture()
        let result = try f.call("create_task", ["title": "Standup", "recurrence": .string(phrase)])
        #expect(result["ok"] == true, "\(result.encoded())")
        #expect(result["task"]?["recurrence"] == rule, "\(result.encoded())")
    }

    @Test func theObjectFormStillWorks() throws {
        let f = try ToolkitFixture()
        let result = try f.call("create_task", ["title": "Bins", "recurrence": ["frequency": "weekly", "weekdays": ["tue"]]])
        #expect(result["task"]?["recurrence"]?["weekdays"] == ["tue"])
    }

    @Test func updateTaskReadsAPhraseAndNullClears() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Bins"])
        let set = try f.call("update_task", ["id": .int(id), "recurrence": "every friday"])
        #expect(set["task"]?["recurrence"]?["weekdays"] == ["fri"], "\(set.encoded())")
        let cleared = try f.call("update_task", ["id": .int(id), "recurrence": .null])
        #expect(cleared["task"]?["recurrence"] == .null)
    }

    @Test(arguments: ["every monday 9am", "sometimes", "every funday", ""])
    func aPhraseThatIsNoRuleIsAMalformedCall(phrase: String) throws {
        let f = try ToolkitFixture()
        #expect(throws: ToolkitError.self) { try f.call("create_task", ["title": "X", "recurrence": .string(phrase)]) }
    }

    @Test func theSchemaSaysBoth() throws {
        let schema = try #require(CreateTask.definition.inputSchema["properties"]?["recurrence"])
        #expect(schema["type"] == ["string", "object", "null"])
        #expect(UpdateTask.definition.inputSchema["properties"]?["recurrence"] == schema)
    }

    @Test func aWrongTypeNamesBothForms() {
        let problem = SchemaValidator.problem(with: ["recurrence": 5], against: Schema.arguments(["recurrence": Schema.recurrence]))
        #expect(problem == "argument 'recurrence' must be a string or an object or null, not an integer")
    }
}
