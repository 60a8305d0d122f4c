import TaskCore
import TaskToolkit
import TaskAgent

/// What the server exposes: a list of tools and a way to call one. `TaskToolkit` is the real one;
/// tests use a scripted catalogue.
public protocol ToolCatalog: AnyObject {
    var tools: [ToolDefinition] { get }
    /// Runs one tool. - Throws: `ToolkitError` for a malformed call; anything else is a failure of
    /// the tool (a locked or unwritable database) and becomes a tool result with `isError: true`.
    func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue
}

extension TaskToolkit: ToolCatalog {}

/// An agent's view: every call through its gate (policy, approvals, receipts).
extension AgentGate: ToolCatalog {}
