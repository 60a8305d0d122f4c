import Foundation
import TaskCLI
import TaskAgent
import TaskCore
import TaskStore

/// `tasker agent add|list|revoke|rotate`: an agent's key, printed once and kept only as a hash.
extension AgentCommand {
    /// `agent add NAME [--scopes …] [--expires …]`: the key is printed once, on stdout.
    enum Add: Command {
        static let scopes = OptionSpec.value("--scopes", "LIST", "scopes to give, comma-separated: \(AgentScope.spellings) (default read)")
        static let expires = OptionSpec.value("--expires", "AGE", "how long the key lives: 90d, 12w, 24h or never (default 90d)")
        static let signature = CommandSignature(
            name: "agent add", summary: "a new agent and its key, printed once", words: ["NAME"], maxWords: 1, options: [scopes, expires],
            details: "The key is printed once, on stdout; only its hash is kept. read starts as allow, every other scope given as ask.",
            examples: ["tasker agent add claude --scopes read,write:tasks"])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let name = try agentName(arguments, self)
            let given = try parseScopes(arguments.value(Self.scopes) ?? "read")
            let lifetime = try parseLifetime(arguments.value(Self.expires) ?? "90d")
            let store = try context.openStore()
            let key = AgentKey.generate()
            let agent = try Agents(store).addAgent(name: name, key: key, scopes: given, expires: lifetime.map { store.clock().addingTimeInterval($0) })
            context.output.out(key.text)
            context.output.err("agent '\(agent.name)' added; the key above is shown only this once — store it in the client now")
            context.output.err(policyLine(agent))
            return 0
        }
    }

    /// `agent list`: each agent, its key's id, state, expiry, last use and policy.
    enum List: Command {
        static let signature = CommandSignature(
            name: "agent list", summary: "each agent: key id, state, expiry, last use, policy", maxWords: 0,
            details: "One line per agent (tkr_ID_…, active, revoked or expired, expiry, last use), then its policy per scope.")

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let store = try context.openStore()
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
            return 0
        }
    }

    /// `agent revoke NAME`: the key stops working at once.
    enum Revoke: Command {
        static let signature = CommandSignature(
            name: "agent revoke", summary: "the agent's key stops working at once", words: ["NAME"], maxWords: 1,
            details: "Calls with the key fail from now on; `tasker agent rotate NAME` issues a new one.")

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let name = try agentName(arguments, self)
            try Agents(try context.openStore()).revokeAgent(named: name)
            context.output.text("agent '\(name)''s key is revoked; calls with it now fail (`tasker agent rotate \(name)` issues a new one)")
            return 0
        }
    }

    /// `agent rotate NAME`: a new key, printed once; the old one stops working.
    enum Rotate: Command {
        static let signature = CommandSignature(
            name: "agent rotate", summary: "a new key for the agent, printed once; the old one stops working", words: ["NAME"], maxWords: 1,
            details: "The new key is printed once, on stdout; its policy and grants stay as they were.")

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let name = try agentName(arguments, self)
            let key = AgentKey.generate()
            try Agents(try context.openStore()).rotateAgent(named: name, key: key)
            context.output.out(key.text)
            context.output.err("agent '\(name)' has a new key (above, shown only this once); the old one no longer works")
            return 0
        }
    }
}
