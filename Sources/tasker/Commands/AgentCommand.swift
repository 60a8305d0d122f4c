import Foundation
import TaskCLI
import TaskAgent
import TaskCore
import TaskStore
import TaskToolkit

/// `tasker agent ACTION`: agent keys and what each agent may do. Each action is its own command type
/// with its own options (`AgentCommand.Add` … `AgentCommand.Undo`, in `AgentCommand+Keys`,
/// `AgentCommand+Grants` and `AgentCommand+Undo`).
enum AgentCommand: CommandGroup {
    static let actions: [any Command.Type] = [Add.self, List.self, Revoke.self, Rotate.self, Policy.self, Grant.self, Grants.self, Undo.self]

    static let signature = groupSignature(
        summary: "add, list, revoke or rotate agent keys; set an agent's policy per scope",
        details: """
            An agent is another program (an MCP client over HTTP, or `tasker mcp --agent NAME`) acting on
            your tasks with its own key. `add` and `rotate` print the key once, on stdout; only its hash
            is kept, so a lost key is replaced with `rotate`. A revoked or expired key fails at once.

            Scopes: read (the read-only tools), write:tasks (capture, create, update, stages, projects,
            templates), write:pages (spaces and pages), destructive (complete, reschedule, defer, delete,
            import). A scope given to --scopes starts as `ask` (the call waits for `tasker approve`),
            except read, which is `allow`; a scope not given is `deny`. `policy` changes one.

            `grant` lets an agent use one scope without asking until the end of a day, optionally only
            for calls in one project (receipts mark those calls `granted`); it lapses by itself.
            `grants` lists those still running.

            `undo NAME --since T` takes back every change the agent made from T on; --dry-run lists it
            first (`tasker agent undo --help`).
            """,
        examples: [
            "tasker agent add claude --scopes read,write:tasks",
            "tasker agent policy claude write:tasks allow",
            "tasker agent rotate claude",
            "tasker agent revoke claude",
            "tasker agent grant claude --scope destructive --project Kitchen --until friday",
            "tasker agent undo claude --since 2h --dry-run",
        ])

    /// The agent's NAME, the first word of an action that takes one.
    /// - Throws: `UsageError` when it is missing.
    static func agentName(_ arguments: ParsedArguments, _ action: any Command.Type) throws -> String {
        guard let name = arguments.words.first, !name.isEmpty else { throw UsageError("\(action.signature.name) needs the agent's NAME") }
        return name
    }

    /// "read allow, write:tasks ask, write:pages deny, destructive deny".
    static func policyLine(_ agent: AgentRecord) -> String {
        AgentScope.allCases.map { "\($0.rawValue) \(agent.policy(for: $0).rawValue)" }.joined(separator: ", ")
    }

    static func parseScopes(_ text: String) throws -> Set<AgentScope> {
        var result: Set<AgentScope> = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty {
            guard let scope = AgentScope(rawValue: word) else { throw UsageError("unknown scope '\(word)'; use \(AgentScope.spellings)") }
            result.insert(scope)
        }
        return result
    }

    /// Seconds for `90d`, `12w`, `24h`; nil for `never`.
    static func parseLifetime(_ text: String) throws -> TimeInterval? {
        if text == "never" { return nil }
        let unit = text.last.map(String.init) ?? ""
        let seconds: [String: Double] = ["h": 3600, "d": 86_400, "w": 7 * 86_400]
        guard let per = seconds[unit], let count = Int(text.dropLast()), count > 0 else {
            throw UsageError("--expires takes a count and a unit, such as 90d, 12w or 24h, or never")
        }
        return Double(count) * per
    }

    static func day(_ date: Date, _ context: CommandContext) -> String {
        String(LocalDateTime(date, in: context.timeZone).description.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
