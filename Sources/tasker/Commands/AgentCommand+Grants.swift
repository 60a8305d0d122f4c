import Foundation
import TaskCLI
import TaskAgent
import TaskCore
import TaskStore
import TaskToolkit

/// `tasker agent policy|grant|grants`: what an agent may do, per scope and for a while.
extension AgentCommand {
    /// `agent policy NAME SCOPE allow|ask|deny`.
    enum Policy: Command {
        static let signature = CommandSignature(
            name: "agent policy", summary: "allow, ask or deny one scope for the agent", words: ["NAME SCOPE allow|ask|deny"], maxWords: 3,
            details: "Scopes: \(AgentScope.spellings). ask makes each such call wait for `tasker approve`.",
            examples: ["tasker agent policy claude write:tasks allow"])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let words = arguments.words
            guard words.count == 3 else { throw UsageError("usage: tasker agent policy NAME SCOPE allow|ask|deny") }
            guard let scope = AgentScope(rawValue: words[1]) else { throw UsageError("unknown scope '\(words[1])'; use one of \(AgentScope.spellings)") }
            guard let policy = AgentPolicy(rawValue: words[2]) else { throw UsageError("unknown policy '\(words[2])'; use allow, ask or deny") }
            try Agents(try context.openStore()).setAgentPolicy(named: words[0], scope: scope, policy: policy)
            context.output.text("agent '\(words[0])': \(scope.rawValue) is now \(policy.rawValue)")
            return 0
        }
    }

    /// `agent grant NAME --scope S [--project P] --until DATE`: a scope without asking, until a day ends.
    enum Grant: Command {
        static let scope = OptionSpec.value("--scope", "SCOPE", "the scope it may use without asking")
        static let project = OptionSpec.value("--project", "NAME", "only calls in this project")
        static let until = OptionSpec.value("--until", "DATE", "the last day it holds (a phrase such as friday, or YYYY-MM-DD)")
        static let signature = CommandSignature(
            name: "agent grant", summary: "one scope without asking until a day ends, optionally in one project",
            words: ["NAME"], maxWords: 1, options: [scope, project, until],
            details: "The grant lapses by itself at the end of --until's day; receipts mark the calls it let through `granted`.",
            examples: ["tasker agent grant claude --scope destructive --project Kitchen --until friday"])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let name = try agentName(arguments, self)
            guard let text = arguments.value(Self.scope), let scope = AgentScope(rawValue: text) else {
                throw UsageError("agent grant needs --scope, one of \(AgentScope.spellings)")
            }
            guard let untilText = arguments.value(Self.until) else { throw UsageError("agent grant needs --until DATE, such as friday") }
            let store = try context.openStore()
            let toolkit = TaskToolkit(store: store)
            guard let day = try toolkit.day(untilText, argument: "--until", tool: "agent grant") else {
                throw UsageError("--until needs a day, such as friday or 2026-12-04")
            }
            let end = day.adding(days: 1).startOfDay(in: context.timeZone)
            guard end > store.clock() else { throw UsageError("--until \(untilText) is already over") }
            let grant = try AgentGrants(store).add(agent: name, scope: scope, project: arguments.value(Self.project), until: end)
            context.output.text("agent '\(name)' may use \(scope.rawValue) without asking\(grant.projectName.map { " in project \($0)" } ?? "") through \(day)")
            return 0
        }
    }

    /// `agent grants`: the grants still running.
    enum Grants: Command {
        static let signature = CommandSignature(
            name: "agent grants", summary: "the grants still running", maxWords: 0,
            details: "One line per grant: the agent, the scope, the project if any, the last day.")

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let store = try context.openStore()
            let names = Dictionary(uniqueKeysWithValues: try Agents(store).agents().map { ($0.id, $0.name) })
            let grants = try AgentGrants(store).active()
            if grants.isEmpty { context.output.text("no grants are running") }
            for grant in grants {
                context.output.text("\(names[grant.agentID] ?? "?")  \(grant.scope.rawValue)\(grant.projectName.map { "  project \($0)" } ?? "")  through \(LocalDate(grant.until.addingTimeInterval(-1), in: context.timeZone))")
            }
            return 0
        }
    }
}
