import Foundation
import TaskCore
import TaskStore

/// `delete_place`: removes a place; the tasks bound to it stay, without the place.
public struct DeletePlace: Tool {
    public static let definition = ToolDefinition(
        name: "delete_place", title: "Delete a place",
        description: "Delete a place; the tasks bound to it stop reminding there (the result lists them).",
        inputSchema: Schema.arguments(["name": Schema.placeName], required: ["name"]),
        scope: .destructive, idempotent: false, destructive: true)

    public var name: String

    public init(name: String) { self.name = name }

    public init(_ arguments: ToolArguments) throws { self.init(name: arguments.string("name") ?? "") }

    public struct Output: ToolOutput {
        public var place: Place
        /// The tasks that were bound to it, as they are now.
        public var unbound: [TaskItem]
        /// Their bindings before, by task, for undo.
        var bindings: [(TaskID, PlaceBinding)]

        public static let schema = OutputSchema.object(
            ["place": OutputSchema.object(ResultFormat.placeMembers), "unbound_tasks": OutputSchema.array(ResultFormat.candidateSchema)])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["place": format.place(place), "unbound_tasks": .array(unbound.map(format.candidate))]
        }
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        guard let place = try Places(toolkit.store).place(named: name) else {
            return .refused(ToolRefusal(TaskStoreError.placeNotFound(name).description))
        }
        let count = try Places(toolkit.store).openTasks(at: place.id).count
        return .ready("Delete place '\(place.name)'" + (count == 0 ? "" : " (\(count) open task\(count == 1 ? "" : "s") will no longer remind there)"))
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        let bound = try Places(toolkit.store).place(named: name).map { try Places(toolkit.store).tasksBound(to: $0.id) } ?? []
        let (place, unbound) = try Places(toolkit.store).deletePlace(named: name)
        return .done(Output(place: place, unbound: unbound, bindings: bound.compactMap { task in task.place.map { (task.id, $0) } }))
    }

    public func undo(after output: Output) -> UndoAction? {
        let place = output.place, bindings = output.bindings
        return UndoAction("Restored place '\(place.name)'") { store in
            _ = try Places(store).createPlace(name: place.name, center: place.center, radius: place.radius)
            for (id, binding) in bindings {
                var update = TaskUpdate()
                update.place = .some(binding)
                _ = try Tasks(store).updateTask(id, update)
            }
        }
    }
}
