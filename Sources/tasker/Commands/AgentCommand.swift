import Foundation
import TaskCLI
import TaskAgent
import TaskCore
import TaskStore
import TaskToolkit

/// `tasker agent add|list|revoke|rotate|policy`: agent keys and what each agent may do.
enum AgentCommand: Command {
    static let scopes = OptionSpec.value("--scopes", "LIST", "scopes to give, comma-separated: \(AgentScope.spellings) (default read)")
    static let expires = OptionSpec.value("--expires", "AGE", "how long the key lives: 90d, 12w, 24h or never (default 90d)")
    static let scope = OptionSpec.value("--scope", "SCOPE", "grant: the scope it may use without asking")
    static let project = OptionSpec.value("--project", "NAME", "grant: only calls in this project")
    static let until = OptionSpec.value("--until", "DATE", "grant: the last day it holds (a phrase such as friday, or YYYY-MM-DD)")
    static let since = OptionSpec.value("--since", "T", "undo: from when on (2h, 1d, today, 2026-12-05T09:00); required")
    static let dryRun = OptionSpec.flag("--dry-run", "undo: list what would change, change nothing")

    static let signature = CommandSignature(
        name: "agent", summary: "add, list, revoke or rotate agent keys; set an agent's policy per scope",
        words: ["add NAME", "list", "revoke NAME", "rotate NAME", "policy NAME SCOPE allow|ask|deny", "grant NAME", "grants", "undo NAME"], maxWords: 4,
        options: [scopes, expires, scope, project, until, since, dryRun],
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

            `undo NAME --since T` takes back every change the agent made from T on: what it created is
            deleted, what it deleted comes back with its id, links and contexts, each field it changed
            is set back. A field someone else (you, another agent) changed since is left as it is and
            listed. The undo leaves a receipt (owner, agent_undo); undoing again finds nothing.
            --dry-run lists the same without changing anything.
            """,
        examples: [
            "tasker agent add claude --scopes read,write:tasks",
            "tasker agent policy claude write:tasks allow",
            "tasker agent rotate claude",
            "tasker agent revoke claude",
            "tasker agent grant claude --scope destructive --project Kitchen --until friday",
            "tasker agent undo claude --since 2h --dry-run",
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let words = arguments.words
        guard let action = words.first else { throw UsageError("agent takes add, list, revoke, rotate, policy, grant, grants or undo; run `tasker agent --help`") }
        func name() throws -> String {
            guard words.count >= 2, !words[1].isEmpty else { throw UsageError("agent \(action) needs the agent's NAME") }
            return words[1]
        }
        func expect(_ count: Int) throws {
            if words.count > count { throw UsageError("agent \(action): unexpected '\(words[count])'; run `tasker agent --help`") }
        }
        let store = try context.openStore()
        switch action {
        case "add":
            try expect(2)
            let name = try name()
            try add(name, arguments, context, store)
        case "list":
            try expect(1)
            try list(context, store)
        case "revoke":
            try expect(2)
            let name = try name()
            try Agents(store).revokeAgent(named: name)
            context.output.text("agent '\(name)''s key is revoked; calls with it now fail (`tasker agent rotate \(name)` issues a new one)")
        case "rotate":
            try expect(2)
            let name = try name()
            let key = AgentKey.generate()
            try Agents(store).rotateAgent(named: name, key: key)
            context.output.out(key.text)
            context.output.err("agent '\(name)' has a new key (above, shown only this once); the old one no longer works")
        case "policy":
            guard words.count == 4 else { throw UsageError("usage: tasker agent policy NAME SCOPE allow|ask|deny") }
            guard let scope = AgentScope(rawValue: words[2]) else { throw UsageError("unknown scope '\(words[2])'; use one of \(AgentScope.spellings)") }
            guard let policy = AgentPolicy(rawValue: words[3]) else { throw UsageError("unknown policy '\(words[3])'; use allow, ask or deny") }
            try Agents(store).setAgentPolicy(named: words[1], scope: scope, policy: policy)
            context.output.text("agent '\(words[1])': \(scope.rawValue) is now \(policy.rawValue)")
        case "grant":
            try expect(2)
            let name = try name()
            try grant(name, arguments, context, store)
        case "grants":
            try expect(1)
            try listGrants(context, store)
        case "undo":
            try expect(2)
            try AgentUndoCommand.run(try name(), arguments, context)
        default:
            throw UsageError("unknown agent action '\(action)'; use add, list, revoke, rotate, policy, grant, grants or undo")
        }
        return 0
    }

    /// `agent add NAME [--scopes …] [--expires …]`: the key is printed once, on stdout.
    private static func add(_ name: String, _ arguments: ParsedArguments, _ context: CommandContext, _ store: TaskStore) throws {
        let given = try parseScopes(arguments.value(Self.scopes) ?? "read")
        let lifetime = try parseLifetime(arguments.value(Self.expires) ?? "90d")
        let key = AgentKey.generate()
        let agent = try Agents(store).addAgent(name: name, key: key, scopes: given, expires: lifetime.map { store.clock().addingTimeInterval($0) })
        context.output.out(key.text)
        context.output.err("agent '\(agent.name)' added; the key above is shown only this once — store it in the client now")
        context.output.err(policyLine(agent))
    }

    /// `agent list`: each agent, its key's id, state, expiry, last use and policy.
    private static func list(_ context: CommandContext, _ store: TaskStore) throws {
        let agents = try Agents(store).agents()
        if agents.isEmpty { context.output.text("no agents; add one with `tasker agent add NAME`") }
        let now = store.clock()
        for agent in agents {
            var state = "active"
            if let unusable = agent.unusable(at: now) { state = unusable.rawValue }
            let expiry = agent.expires.map { "expires \(day($0, context))" } ?? "never expires"
            let used = agent.lastUsed.map { "last used \(day($0, context))" } ?? "never used"
            context.output.text("\(agent.name)  tkr_\(agent.keyID)_…  \(state), \(expiry), \(used)")
            context.output.text("  " + policyLine(agent))
        }
    }

    /// `agent grant NAME --scope S [--project P] --until DATE`: a scope without asking, until a day ends.
    private static func grant(_ name: String, _ arguments: ParsedArguments, _ context: CommandContext, _ store: TaskStore) throws {
        guard let text = arguments.value(Self.scope), let scope = AgentScope(rawValue: text) else {
            throw UsageError("agent grant needs --scope, one of \(AgentScope.spellings)")
        }
        guard let untilText = arguments.value(Self.until) else { throw UsageError("agent grant needs --until DATE, such as friday") }
        let toolkit = TaskToolkit(store: store)
        guard let day = try toolkit.day(untilText, argument: "--until", tool: "agent grant") else {
            throw UsageError("--until needs a day, such as friday or 2026-12-04")
        }
        let end = day.adding(days: 1).startOfDay(in: context.timeZone)
        guard end > store.clock() else { throw UsageError("--until \(untilText) is already over") }
        let grant = try AgentGrants(store).add(agent: name, scope: scope, project: arguments.value(Self.project), until: end)
        context.output.text("agent '\(name)' may use \(scope.rawValue) without asking\(grant.projectName.map { " in project \($0)" } ?? "") through \(day)")
    }

    /// `agent grants`: the grants still running.
    private static func listGrants(_ context: CommandContext, _ store: TaskStore) throws {
        let names = Dictionary(uniqueKeysWithValues: try Agents(store).agents().map { ($0.id, $0.name) })
        let grants = try AgentGrants(store).active()
        if grants.isEmpty { context.output.text("no grants are running") }
        for grant in grants {
            context.output.text("\(names[grant.agentID] ?? "?")  \(grant.scope.rawValue)\(grant.projectName.map { "  project \($0)" } ?? "")  through \(LocalDate(grant.until.addingTimeInterval(-1), in: context.timeZone))")
        }
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
