import Testing
import TaskCLI
@testable import tasker

/// `agent`, `crypto` and `key` are groups of actions, each a command type with its own options:
/// help per action from its declaration, another action's option refused by name.
@Suite struct CommandGroupTests {
    static let groups: [any CommandGroup.Type] = [AgentCommand.self, CryptoCommand.self, KeyCommand.self]

    @Test func theGroupsAreTheCommandTablesOwn() {
        let names = Set(TaskerApp.commands.map { $0.signature.name })
        for group in Self.groups { #expect(names.contains(group.signature.name)) }
    }

    @Test func eachActionIsNamedInItsGroupAndItsHelpShowsOnlyItsOptions() {
        for group in Self.groups { Self.check(group) }
    }

    static func check(_ group: any CommandGroup.Type) {
        let all = Set(group.actions.flatMap { $0.signature.options.map(\.name) })
        let groupHelp = group.signature.help(globals: GlobalOptions.all)
        for action in group.actions {
            let name = action.signature.name
            #expect(name.hasPrefix(group.signature.name + " "), "\(name) is spelled after its group")
            let help = action.signature.help(globals: GlobalOptions.all)
            #expect(help.hasPrefix("Usage: tasker \(name)"))
            let own = Set(action.signature.options.map(\.name))
            for option in own { #expect(help.contains("  " + option), "\(name) --help lists \(option)") }
            let words = Set(help.split { " \n[]=,".contains($0) }.map(String.init))
            for option in all.subtracting(own) { #expect(!words.contains(option), "\(name) --help shows \(option), another action's") }
            #expect(groupHelp.contains("tasker \(name)"), "the group's help has a usage line for \(name)")
            #expect(groupHelp.contains("  \(group.word(of: action))  ") || groupHelp.contains("  \(group.word(of: action)) "), "the group's table lists \(name)")
        }
    }

    @Test func theActionWordPicksTheTypeAndOptionsMayComeFirst() throws {
        let undo = try #require(try AgentCommand.action(in: ["--since", "2h", "undo", "claude"], shared: GlobalOptions.all))
        #expect(ObjectIdentifier(undo.action) == ObjectIdentifier(AgentCommand.Undo.self))
        #expect(undo.arguments == ["--since", "2h", "claude"])
        let parsed = try undo.action.signature.parse(undo.arguments, shared: GlobalOptions.all)
        #expect(parsed.value(AgentCommand.Undo.since) == "2h" && parsed.words == ["claude"])
        #expect(try AgentCommand.action(in: ["--help"], shared: GlobalOptions.all) == nil, "no action: the group answers")
    }

    @Test func anotherActionsOptionIsRefusedByName() {
        #expect(throws: UsageError.self) { try AgentCommand.action(in: ["undo", "claude", "--scopes", "read"], shared: GlobalOptions.all) }
        do {
            _ = try AgentCommand.action(in: ["undo", "claude", "--since", "2h", "--scopes=read"], shared: GlobalOptions.all)
        } catch {
            #expect(error.message == "--scopes is an option of agent add, not of agent undo; run `tasker agent undo --help`")
        }
        do {
            _ = try CryptoCommand.action(in: ["frob"], shared: GlobalOptions.all)
            Issue.record("an unknown action is refused")
        } catch {
            #expect(error.message == "unknown crypto action 'frob'; use enable, status, rotate, export-key or import-key")
        }
    }

    @Test func aKeyTypedAsAnActionIsNeverQuoted() {
        do {
            _ = try KeyCommand.action(in: ["sk-secret"], shared: GlobalOptions.all)
            Issue.record("an unknown action is refused")
        } catch {
            #expect(!error.message.contains("sk-secret") && error.message.contains("use set, remove or status"))
        }
    }
}

extension Error {
    /// A `UsageError`'s line; any other error's description.
    fileprivate var message: String { (self as? UsageError)?.message ?? "\(self)" }
}
