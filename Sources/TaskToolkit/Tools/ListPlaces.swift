import Foundation
import TaskCore
import TaskStore

/// `list_places`: the places tasks can remind at, with how many open tasks wait on each.
public struct ListPlaces: Tool {
    public static let definition = ToolDefinition(
        name: "list_places", title: "List places",
        description: "Places with the number of open tasks bound to each.",
        inputSchema: Schema.arguments([:]),
        scope: .read, idempotent: true, destructive: false)

    public init() {}

    public init(_ arguments: ToolArguments) throws {}

    public struct Output: ToolOutput {
        public var places: [PlaceSummary]

        public static let schema = OutputSchema.object(
            OutputSchema.listing("places", OutputSchema.object(ResultFormat.placeMembers.merging(["open_tasks": OutputSchema.integer]) { a, _ in a })))

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["count": .int(places.count), "places": .array(places.map { summary in
                var object = format.place(summary.place).objectValue ?? [:]
                object["open_tasks"] = .int(summary.openTasks)
                return .object(object)
            })]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> { .done(Output(places: try Places(toolkit.store).places())) }
}
