import TaskCore
import Testing
@testable import TaskToolkit

@Suite struct SchemaValidatorTests {
    let schema = Schema.arguments([
        "title": Schema.string("t", minLength: 1),
        "due": Schema.nullableString("d"),
        "limit": Schema.integer("l", minimum: 1, maximum: 10),
        "energy": Schema.oneOf(["quick", "deep"], "e"),
        "contexts": Schema.strings("c"),
        "page": Schema.idOrTitle("p"),
        "recurrence": Schema.recurrence,
    ], required: ["title"])

    func problem(_ value: JSONValue) -> String? { SchemaValidator.problem(with: value, against: schema) }

    @Test func aFittingObjectHasNoProblem() {
        #expect(problem(["title": "x", "due": nil, "limit": 3, "energy": "deep", "contexts": ["a"], "page": 4,
                         "recurrence": ["frequency": "weekly", "weekdays": ["mon"]]]) == nil)
        #expect(problem(["title": "x", "page": "Ideas", "limit": 3.0]) == nil, "3.0 is an integer in JSON Schema")
    }

    @Test(arguments: [
        ([:], "missing required argument 'title'"),
        (["title": 3], "argument 'title' must be a string, not an integer"),
        (["title": "  "], "argument 'title' must not be empty"),
        (["title": "x", "limit": 0], "argument 'limit' must be at least 1"),
        (["title": "x", "limit": 11], "argument 'limit' must be at most 10"),
        (["title": "x", "limit": 2.5], "argument 'limit' must be an integer, not a number"),
        (["title": "x", "energy": "sleepy"], "argument 'energy' must be one of: quick, deep"),
        (["title": "x", "contexts": ["a", 2]], "argument 'contexts[1]' must be a string, not an integer"),
        (["title": "x", "page": true], "argument 'page' must be an integer or a string, not a boolean"),
        (["title": "x", "due": 5], "argument 'due' must be a string or null, not an integer"),
        (["title": "x", "colour": "red"], "unknown argument 'colour'; expected: contexts, due, energy, limit, page, recurrence, title"),
    ] as [(JSONValue, String)])
    func eachProblemNamesTheArgument(value: JSONValue, message: String) {
        #expect(problem(value) == message)
    }

    /// The listed schema says a rule object in one line; the rule's reader names a wrong member as precisely.
    @Test(arguments: [
        (["interval": 2], "create_task: missing required argument 'recurrence.frequency'"),
        (["frequency": "weekly", "kind": "sometimes"], "create_task: argument 'recurrence.kind' must be one of: on_schedule, skip_missed, after_completion"),
    ] as [(JSONValue, String)])
    func aWrongRuleMemberIsNamed(rule: JSONValue, message: String) throws {
        let fixture = try ToolkitFixture()
        #expect(throws: ToolkitError.invalidArguments(tool: "create_task", message: String(message.dropFirst("create_task: ".count)))) {
            try fixture.toolkit.call("create_task", ["title": "x", "recurrence": rule])
        }
    }

    @Test func theRootMustBeAnObject() {
        #expect(problem([1, 2]) == "the arguments must be an object, not an array")
    }
}
