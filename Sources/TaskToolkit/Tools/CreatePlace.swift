import Foundation
import TaskCore
import TaskStore

/// `create_place`: a named circle on the map that tasks can remind at (arriving or leaving).
public struct CreatePlace: Tool {
    public static let definition = ToolDefinition(
        name: "create_place", title: "Create a place",
        description: "Create a named place (centre in degrees, radius in metres) for a task's place reminder.",
        inputSchema: Schema.arguments([
            "name": Schema.string(nil, minLength: 1),
            "latitude": Schema.number(nil, minimum: -90, maximum: 90),
            "longitude": Schema.number(nil, minimum: -180, maximum: 180),
            "radius_m": Schema.number("Default 100.", minimum: Place.minimumRadius, maximum: Place.maximumRadius),
        ], required: ["name", "latitude", "longitude"]),
        scope: .writeTasks, idempotent: false, destructive: false)

    public static let defaultRadius = 100.0

    public var name: String
    public var center: GeoPoint
    public var radius: Double

    public init(name: String, center: GeoPoint, radius: Double = CreatePlace.defaultRadius) {
        self.name = name
        self.center = center
        self.radius = radius
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(name: arguments.string("name") ?? "",
                  center: GeoPoint(latitude: arguments["latitude"]?.doubleValue ?? .nan, longitude: arguments["longitude"]?.doubleValue ?? .nan),
                  radius: arguments["radius_m"]?.doubleValue ?? Self.defaultRadius)
    }

    public struct Output: ToolOutput {
        public var place: Place

        public static let schema = OutputSchema.object(["place": OutputSchema.object(ResultFormat.placeMembers)])

        public func json(_ format: ResultFormat) -> [String: JSONValue] { ["place": format.place(place)] }
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        .ready("Create place '\(name)' (\(Place.describe(center: center, radius: radius)))")
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        .done(Output(place: try Places(toolkit.store).createPlace(name: name, center: center, radius: radius)))
    }

    public func undo(after output: Output) -> UndoAction? {
        let name = output.place.name
        return UndoAction("Deleted place '\(name)'") { store in _ = try Places(store).deletePlace(named: name) }
    }
}
