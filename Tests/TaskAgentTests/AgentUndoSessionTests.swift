import Foundation
import Testing
import TaskCore
import TaskIO
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskAgent

/// Random agent sessions (seeded), each made of real tool calls through the agent's gate, then
/// undone: the canonical export (`.unkt`) must come back byte for byte; with the owner editing
/// fields during the session, exactly those edits stay (and are reported when they met the agent's).
@Suite struct AgentUndoSessionTests {
    /// A store with an owner's tasks, subtasks, contexts, a page linked to tasks, and an agent that
    /// may do everything without asking.
    struct Session {
        let fixture: AgentFixture
        let gate: AgentGate
        let agentID: Int64
        var random: SeededRandom
        var operations = 0

        init(seed: UInt64) throws {
            fixture = try AgentFixture()
            let (_, gate) = try fixture.agent("bot", scopes: Set(AgentScope.allCases))
            for scope in AgentScope.allCases { try Agents(fixture.store).setAgentPolicy(named: "bot", scope: scope, policy: .allow) }
            self.gate = gate
            agentID = gate.agentID
            random = SeededRandom(seed: seed)
            let toolkit = fixture.toolkit
            _ = try toolkit.call("create_project", ["name": "Kitchen"])
            for index in 0..<12 {
                var arguments: [String: JSONValue] = ["title": .string("Task \(index)"), "contexts": ["home"], "priority": "normal"]
                if index % 3 == 0 { arguments["project"] = "Kitchen" }
                if index % 4 == 1 { arguments["due"] = "2026-12-10T09:00" }
                if index > 6 { arguments["parent"] = .int(index - 5) }
                _ = try toolkit.call("create_task", .object(arguments))
            }
            _ = try toolkit.call("create_page", ["title": "Notes", "body": "first line"])
            _ = try toolkit.call("link_page", ["page": "Notes", "task": 1])
        }

        func export() throws -> [UInt8] {
            let path = fixture.directory.path("export-\(UUID().uuidString).unkt")
            try UnktBundle.write(try RecordSets(fixture.store).records(), to: path, generator: "test", created: AgentFixture.start,
                                 objects: ObjectStore(directory: fixture.directory.path("objects")))
            defer { try? FileManager.default.removeItem(atPath: path) }
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }

        func taskIDs() throws -> [Int] {
            try fixture.toolkit.call("list_tasks", ["filter": "all", "limit": 1000])["tasks"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
        }

        mutating func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[Int(random.next() % UInt64(values.count))] }

        /// One random call by the agent; the kinds a session is made of.
        mutating func agentCall(_ n: Int) throws {
            let ids = try taskIDs()
            operations += 1
            switch random.next() % 11 {
            case 0, 1:
                var arguments: [String: JSONValue] = ["title": .string("Agent \(n)"), "contexts": ["agent"]]
                if let parent = pick(ids), random.next() % 2 == 0 { arguments["parent"] = .int(parent) }
                if random.next() % 2 == 0 { arguments["project"] = "Kitchen" }
                _ = try gate.call("create_task", .object(arguments))
            case 2, 3:
                guard let id = pick(ids) else { return }
                let edits: [[String: JSONValue]] = [
                    ["new_title": .string("Renamed \(n)")], ["priority": "high"], ["notes": .string("note \(n)")], ["due": "2026-12-20T15:00"],
                    ["add_contexts": ["errand"]], ["contexts": ["office", "phone"]], ["project": nil], ["parent": nil], ["estimate_minutes": 25],
                ]
                var arguments = pick(edits) ?? [:]
                arguments["id"] = .int(id)
                _ = try gate.call("update_task", .object(arguments))
            case 4, 5:
                guard let id = pick(ids) else { return }
                _ = try gate.call("complete_task", ["id": .int(id), "with_children": true])
            case 6, 7:
                guard let id = pick(ids) else { return }
                _ = try gate.call("delete_task", ["id": .int(id), "children": random.next() % 2 == 0 ? "orphan" : "delete"])
            case 8:
                _ = try gate.call("create_page", ["title": .string("Agent page \(n)"), "body": "hello", "labels": ["bot"]])
            case 9:
                _ = try gate.call("append_to_page", ["page": "Notes", "markdown": .string("line \(n)")])
            default:
                guard let id = pick(ids) else { return }
                _ = try gate.call("link_page", ["page": "Notes", "task": .int(id)])
            }
        }

        /// A change of the owner's between sessions, so each session starts somewhere new.
        mutating func ownerChange(_ n: Int) throws {
            let ids = try taskIDs()
            if random.next() % 3 == 0 || ids.count < 6 {
                _ = try fixture.toolkit.call("create_task", ["title": .string("Owner \(n)"), "contexts": ["home"]])
            } else if let id = pick(ids) {
                _ = try fixture.toolkit.call("update_task", ["id": .int(id), "notes": .string("owner note \(n)")])
            }
        }
    }

    @Test func athousandRandomSessionsEachUndoneGiveTheExportBackByteForByte() throws {
        var session = try Session(seed: 43)
        let started = Date()
        var identical = 0
        let sessions = 1000
        for n in 0..<sessions {
            session.fixture.clock.advance(minutes: 5)
            try session.ownerChange(n)
            session.fixture.clock.advance(minutes: 1)
            let before = try session.export()
            let since = session.fixture.clock.now
            for step in 0..<(1 + Int(session.random.next() % 6)) {
                try session.agentCall(n * 10 + step)
                if session.random.next() % 2 == 0 { session.fixture.clock.advance(minutes: 1) }
            }
            session.fixture.clock.advance(minutes: 1)
            let report = try AgentChanges(session.fixture.store).undo(agentID: session.agentID, agentName: "bot", since: since, dryRun: false)
            #expect(report.kept.isEmpty, "session \(n): \(report.kept)")
            let after = try session.export()
            if after == before { identical += 1 } else { Issue.record("session \(n): the export differs after the undo: \(report.lines(since: "T"))") }
        }
        let seconds = Date().timeIntervalSince(started)
        print("agent undo: \(sessions) sessions, \(session.operations) agent calls, \(identical) identical exports, \(String(format: "%.1f", seconds)) s")
        #expect(identical == sessions)
        #expect(try session.fixture.store.verifyReceipts() == nil)
    }
}
