import Foundation
import TaskCore
import TaskStore

/// `list_places`: the places tasks can remind at, with how many open tasks wait on each, by name, a
/// page at a time.
public struct ListPlaces: Tool {
    public static let definition = ToolDefinition(
        name: "list_places", title: "List places",
        description: "Places with their open task counts.",
        inputSchema: Schema.arguments(ListPaging.arguments),
        scope: .read, idempotent: true, destructive: false)

    /// Places on a page when `limit` is not given.
    public static let defaultLimit = 40

    public var paging: ListPaging

    public init(paging: ListPaging = ListPaging(limit: defaultLimit, tag: "l")) { self.paging = paging }

    public init(_ arguments: ToolArguments) throws { self.init(paging: try ListPaging(arguments, tag: "l", defaultLimit: Self.defaultLimit)) }

    public struct Output: ToolOutput {
        public var page: ListPage<PlaceSummary>
        public var places: [PlaceSummary] { page.items }

        public static let schema = ListPaging.listing(
            "places", OutputSchema.object(ResultFormat.placeMembers.merging(["open_tasks": OutputSchema.integer]) { a, _ in a }))

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            page.members.merging(["count": .int(places.count), "places": .array(places.map { summary in
                var object = format.place(summary.place).objectValue ?? [:]
                object["open_tasks"] = .int(summary.openTasks)
                return .object(object)
            })]) { a, _ in a }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        .done(Output(page: paging.page(try Places(toolkit.store).places()) { .name($0.place.name, id: $0.place.id.rawValue) }))
    }
}
