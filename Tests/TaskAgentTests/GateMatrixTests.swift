import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
@testable import TaskAgent

/// The gate matrix: every tool × {allow, ask, deny} × {no grant, inside a grant, outside a grant
/// (lapsed), expired key, revoked key} gives the expected outcome and exactly one receipt.
@Suite struct GateMatrixTests {
    enum KeyState: String, CaseIterable { case noGrant, insideGrant, outsideGrant, expiredKey, revokedKey }

    /// Valid arguments for every tool, against the world `prepare` builds.
    static func arguments(_ tool: String, bundle: String, approval: String) -> JSONValue {
        switch tool {
        case "capture_task": return ["text": "buy milk tomorrow"]
        case "create_task": return ["title": "Sweep", "project": "Kitchen"]
        case "list_tasks", "list_projects", "list_places", "list_pages", "list_templates", "review", "streaks": return [:]
        case "complete_task", "delete_task": return ["id": 1]
        case "reschedule_task": return ["id": 1, "due": "friday"]
        case "defer_task": return ["id": 1, "until": "2026-12-10"]
        case "update_task": return ["id": 1, "priority": "high"]
        case "set_stage": return ["id": 1, "stage": "Next"]
        case "plan_day": return ["budget_minutes": 60]
        case "create_project": return ["name": "Garden"]
        case "create_place": return ["name": "Gym", "latitude": 52.5, "longitude": 13.4]
        case "delete_place": return ["name": "Office"]
        case "create_space": return ["name": "Ideas"]
        case "create_page": return ["title": "Recipes"]
        case "append_to_page": return ["page": "Landlord", "markdown": "Rent is due on the 3rd."]
        case "read_page": return ["page": "Landlord"]
        case "link_page": return ["page": "Landlord", "task": 1]
        case "search_pages": return ["query": "landlord"]
        case "create_template": return ["name": "Move", "tasks": [["title": "Book van", "offset_days": -3]]]
        case "apply_template": return ["name": "Pack", "date": "2026-12-20"]
        case "export_tasks": return ["format": "json"]
        // An agent's paths are names inside its own folder, where `prepare` put the bundle and the receipt.
        case "import_tasks": return ["path": .string((bundle as NSString).lastPathComponent), "dry_run": true]
        case "approval_status": return ["approval_id": .string(approval)]
        case "attach_file": return ["path": "receipt.txt", "task": 1]
        case "list_attachments": return ["task": 1]
        case "open_attachment": return ["id": 1, "path": "copy.txt"]
        case "detach": return ["id": 1]
        default: Issue.record("no arguments for \(tool): add it to the matrix"); return [:]
        }
    }

    /// A database with task #1 in project Kitchen, a place, a page, a template, and a bundle and a
    /// receipt in the folder of agent "bot" (`<data dir>/agents/bot/files`).
    static func prepare(_ fixture: AgentFixture) throws -> String {
        let files = TaskStore.folder("agents", besideDatabase: fixture.store.path) + "/bot/files"
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        let t = fixture.toolkit
        _ = try t.call("create_project", ["name": "Kitchen"])
        _ = try t.call("create_task", ["title": "Clean the oven", "project": "Kitchen"])
        _ = try t.call("create_place", ["name": "Office", "latitude": 51.5, "longitude": -0.12])
        _ = try t.call("create_page", ["title": "Landlord", "body": "Phone: 0123"])
        _ = try t.call("create_template", ["name": "Pack", "tasks": [["title": "Passport", "offset_days": -1]]])
        let file = files + "/receipt.txt"
        try "Oven cleaner, 4.99".write(toFile: file, atomically: true, encoding: .utf8)
        _ = try t.call("attach_file", ["path": .string(file), "task": 1])
        let bundle = files + "/all.unkt"
        _ = try t.call("export_tasks", ["format": "unkt", "path": .string(bundle)])
        return bundle
    }

    @Test(arguments: TaskToolkit.standardTools.map { $0.definition.name })
    func everyToolThroughEveryGateState(_ tool: String) throws {
        let scope = try #require(TaskToolkit.definition(named: tool)).scope
        for policy in AgentPolicy.allCases {
            for state in KeyState.allCases {
                let fixture = try AgentFixture()
                let bundle = try Self.prepare(fixture)
                let (_, gate) = try fixture.agent("bot", scopes: Set(AgentScope.allCases), expires: fixture.clock.now.addingTimeInterval(3_600))
                // A pending request of the bot's own (approval_status shows an agent only its own).
                try Agents(fixture.store).setAgentPolicy(named: "bot", scope: .writeTasks, policy: .ask)
                let approval = try #require(try gate.call("create_task", ["title": "Asked"])["approval_id"]?.stringValue)
                try Agents(fixture.store).setAgentPolicy(named: "bot", scope: scope, policy: policy)
                switch state {
                case .noGrant: break
                case .insideGrant:
                    try AgentGrants(fixture.store).add(agent: "bot", scope: scope, project: nil, until: fixture.clock.now.addingTimeInterval(600))
                case .outsideGrant:
                    try AgentGrants(fixture.store).add(agent: "bot", scope: scope, project: nil, until: fixture.clock.now.addingTimeInterval(-600))
                case .expiredKey:
                    fixture.clock.advance(days: 1)
                case .revokedKey:
                    try Agents(fixture.store).revokeAgent(named: "bot")
                }
                let before = try fixture.store.receipts().count
                let arguments = Self.arguments(tool, bundle: bundle, approval: approval)
                let label = "\(tool) \(policy) \(state)"
                var result: JSONValue?
                var thrown: Error?
                do { result = try gate.call(tool, arguments) } catch { thrown = error }
                let receipts = try fixture.store.receipts()
                #expect(receipts.count == before + 1, "exactly one receipt: \(label)")
                let decision = receipts.last?.decision
                #expect(receipts.last?.tool == tool, "\(label)")

                switch (state, policy) {
                case (.expiredKey, _):
                    #expect(thrown as? AgentAccessError == .unusable(agent: "bot", .expired), "\(label)")
                    #expect(decision == "expired", "\(label)")
                case (.revokedKey, _):
                    #expect(thrown as? AgentAccessError == .unusable(agent: "bot", .revoked), "\(label)")
                    #expect(decision == "revoked", "\(label)")
                case (.insideGrant, _):
                    #expect(thrown == nil && result?["ok"] == .bool(true), "runs inside a grant: \(label) \(thrown.map { "\($0)" } ?? result?.encoded() ?? "")")
                    #expect(decision == "granted", "\(label)")
                case (_, .allow):
                    #expect(thrown == nil && result?["ok"] == .bool(true), "runs: \(label) \(thrown.map { "\($0)" } ?? result?.encoded() ?? "")")
                    #expect(decision == "allowed", "\(label)")
                case (_, .ask):
                    #expect(result?["status"] == "pending_approval", "waits: \(label)")
                    #expect(decision == "asked" && receipts.last?.approvalID == result?["approval_id"]?.stringValue, "\(label)")
                case (_, .deny):
                    #expect(thrown as? AgentAccessError == .insufficientScope(tool: tool, scope: scope), "\(label)")
                    #expect(decision == "denied", "\(label)")
                }
                // Ran or waiting, the result is one the tool's outputSchema admits.
                if let result, let type = TaskToolkit.standardTools.first(where: { $0.definition.name == tool }) {
                    let problem = type.outputProblem(with: result)
                    #expect(problem == nil, "outputSchema: \(label): \(problem ?? "")")
                }
                #expect(try fixture.store.verifyReceipts() == nil, "\(label)")
            }
        }
    }

    @Test func aProjectGrantCoversOnlyItsProjectAndLapses() throws {
        let fixture = try AgentFixture()
        _ = try fixture.toolkit.call("create_project", ["name": "Kitchen"])
        _ = try fixture.toolkit.call("create_project", ["name": "Garden"])
        let kitchen = try fixture.toolkit.call("create_task", ["title": "Oven", "project": "Kitchen"])["task"]!["id"]!
        let garden = try fixture.toolkit.call("create_task", ["title": "Hedge", "project": "Garden"])["task"]!["id"]!
        let (_, gate) = try fixture.agent("bot", scopes: [.read])
        try AgentGrants(fixture.store).add(agent: "bot", scope: .destructive, project: "kitchen", until: fixture.clock.now.addingTimeInterval(86_400))
        #expect(try gate.call("complete_task", ["id": kitchen])["ok"] == true)
        #expect(throws: AgentAccessError.insufficientScope(tool: "complete_task", scope: .destructive)) { try gate.call("complete_task", ["id": garden]) }
        #expect(throws: AgentAccessError.insufficientScope(tool: "create_task", scope: .writeTasks), "write:tasks is not granted") {
            try gate.call("create_task", ["title": "x", "project": "Kitchen"])
        }
        #expect(try AgentGrants(fixture.store).active().count == 1)
        fixture.clock.advance(days: 2)
        #expect(try AgentGrants(fixture.store).active().isEmpty, "lapsed by itself")
        let kitchen2 = try fixture.toolkit.call("create_task", ["title": "Sink", "project": "Kitchen"])["task"]!["id"]!
        #expect(throws: AgentAccessError.self) { try gate.call("complete_task", ["id": kitchen2]) }
        #expect(try fixture.store.receipts().map(\.decision) == ["granted", "denied", "denied", "denied"])
    }
}
