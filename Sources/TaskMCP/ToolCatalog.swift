import TaskCore
import TaskToolkit
import TaskAgent

/// What the server exposes: a list of tools and a way to call one. `TaskToolkit` is the real one;
/// tests use a scripted catalogue.
public protocol ToolCatalog: AnyObject {
    var tools: [ToolDefinition] { get }
    /// The tools as `tools/list` shows them: with each one's `outputSchema` where the catalogue has one.
    var listedTools: [ToolDefinition] { get }
    /// Runs one tool. - Throws: `ToolkitError` for a malformed call; anything else is a failure of
    /// the tool (a locked or unwritable database) and becomes a tool result with `isError: true`.
    func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue
    /// The tasks a call's title could mean when it matches several (for a person to pick one); empty
    /// when it names one, none, or the caller may not read tasks.
    func choices(for name: String, _ arguments: JSONValue) -> [ToolRefusal.Candidate]
}

extension ToolCatalog {
    public var listedTools: [ToolDefinition] { tools }
    public func choices(for name: String, _ arguments: JSONValue) -> [ToolRefusal.Candidate] { [] }
}

extension TaskToolkit: ToolCatalog {
    public func choices(for name: String, _ arguments: JSONValue) -> [ToolRefusal.Candidate] {
        guard let call = try? prepare(name, arguments), let footprint = try? call.footprint(in: self) else { return [] }
        return footprint.refusal?.candidates ?? []
    }
}

/// An agent's view: every call through its gate (policy, approvals, receipts); `tools/list` shows only
/// the tools its policy and grants can ever run (`AgentGate.listedTools`).
extension AgentGate: ToolCatalog {

    public func choices(for name: String, _ arguments: JSONValue) -> [ToolRefusal.Candidate] {
        guard (try? mayRead()) == true else { return [] }
        return toolkit.choices(for: name, arguments)
    }
}
