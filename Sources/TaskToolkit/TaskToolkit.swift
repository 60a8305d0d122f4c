import Foundation
import TaskCore
import TaskNL

/// The 16 tools every door uses: call one by name with a JSON object, get a JSON object back.
///
/// A malformed call (unknown tool, missing required argument, wrong type) throws `ToolkitError`;
/// a call that finds nothing (no matching task, an ambiguous title) returns `{"ok": false, "error": …}`.
public final class TaskToolkit {
    public let store: TaskStore
    public let parser: TaskNLParser

    public init(store: TaskStore, parser: TaskNLParser = TaskNLParser()) {
        self.store = store
        self.parser = parser
    }

    /// The catalogue, in DESIGN.md's order.
    public static let definitions: [ToolDefinition] = []

    public var tools: [ToolDefinition] { Self.definitions }

    /// Runs one tool. - Throws: `ToolkitError` for a malformed call; store failures other than
    /// "not found" propagate as `TaskStoreError`.
    public func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue {
        throw ToolkitError.unknownTool(name)
    }
}
