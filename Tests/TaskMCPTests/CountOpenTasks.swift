import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// A tool that exists only in this test target, to show that adding a tool is this one file plus
/// one line in a catalogue list (see `AddedToolTests`).
struct CountOpenTasks: Tool {
    static let definition = ToolDefinition(
        name: "count_open_tasks", title: "Count open tasks",
        description: "How many tasks are open, optionally only with a context.",
        inputSchema: ["type": "object", "properties": ["context": ["type": "string"]], "additionalProperties": false],
        scope: .read, idempotent: true, destructive: false)

    var context: String?

    init(_ arguments: ToolArguments) throws { context = arguments.string("context") }

    struct Output: ToolOutput {
        var count: Int
        static let schema = OutputSchema.object(["count": OutputSchema.integer])
        func json(_ format: ResultFormat) -> [String: JSONValue] { ["count": .int(count)] }
    }

    func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        .done(Output(count: try Tasks(toolkit.store).tasks(TaskQuery(filter: .open, context: context, limit: 1000)).count))
    }
}
