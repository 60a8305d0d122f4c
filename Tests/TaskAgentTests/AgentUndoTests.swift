import Foundation
import Testing
import TaskCore
import TaskIO
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskAgent

/// `agent undo` attacked: the owner's and other agents' changes stay, an id taken since is not
/// overwritten, undoing twice does nothing, an undo is never itself undone, a dry run writes nothing.
@Suite struct AgentUndoTests {
    typealias Session = AgentUndoSessionTests.Session

    func undo(_ session: Session, since: Date, dryRun: Bool = false, agent: Int64? = nil, name: String = "bot") throws -> AgentUndoReport {
        try AgentChanges(session.fixture.store).undo(agentID: agent ?? session.agentID, agentName: name, since: since, dryRun: dryRun)
    }

    func task(_ session: Session, _ id: Int) throws -> JSONValue? {
        try session.fixture.toolkit.call("list_tasks", ["filter": "all", "limit": 1000, "fields": ["all"]])["tasks"]?.arrayValue?.first { $0["id"]?.intValue == id }
    }

    /// The tasks' export records by UUID, as JSON.
    func taskRecords(_ session: Session) throws -> [String: [String: JSONValue]] {
        var byUUID: [String: [String: JSONValue]] = [:]
        for record in try RecordSets(session.fixture.store).records().tasks {
            let json = record.json
            byUUID[json["uuid"]?.stringValue ?? ""] = json.objectValue
        }
        return byUUID
    }

    @Test func theOwnersEditsDuringRandomSessionsStayAndTheyAreReportedWhenTheyMetTheAgents() throws {
        var session = try Session(seed: 4343)
        var sessionsWithOwnerEdits = 0, reported = 0
        for n in 0..<200 {
            session.fixture.clock.advance(minutes: 5)
            let since = session.fixture.clock.now
            var expected = try taskRecords(session)
            var editedFields: Set<String> = []
            for step in 0..<(2 + Int(session.random.next() % 5)) {
                try session.agentCall(n * 10 + step)
                session.fixture.clock.advance(minutes: 1)
                // The owner edits a task that was there before the session and is still there.
                guard session.random.next() % 2 == 0, let id = session.pick(Array(1...12)), try task(session, id) != nil else { continue }
                let before = try taskRecords(session)
                let edit: (String, JSONValue) = session.random.next() % 2 == 0 ? ("priority", session.pick(["low", "high", "critical"]) ?? "low")
                    : ("notes", .string("owner \(n)-\(step)"))
                _ = try session.fixture.toolkit.call("update_task", ["id": .int(id), .init(stringLiteral: edit.0): edit.1])
                editedFields.insert(edit.0)
                for (uuid, record) in try taskRecords(session) where expected[uuid] != nil && before[uuid] != record {
                    for (key, value) in record where before[uuid]?[key] != value { expected[uuid]?[key] = value }
                }
                session.fixture.clock.advance(minutes: 1)
            }
            if !editedFields.isEmpty { sessionsWithOwnerEdits += 1 }
            let report = try undo(session, since: since)
            #expect(try taskRecords(session) == expected, "session \(n): \(report.lines(since: "T"))")
            for kept in report.kept {
                #expect(kept.field.map(editedFields.contains) == true, "session \(n): only the owner's fields are kept: \(kept)")
            }
            reported += report.kept.count
        }
        print("agent undo with the owner editing: 200 sessions, \(sessionsWithOwnerEdits) with owner edits, \(reported) kept and reported")
        #expect(sessionsWithOwnerEdits > 50 && reported > 0)
    }

    @Test func theOwnersEditOfAFieldTheAgentChangedIsKeptAndReportedTheRestIsSetBack() throws {
        let session = try Session(seed: 6)
        let since = session.fixture.clock.now
        _ = try session.gate.call("update_task", ["id": 3, "priority": "high", "notes": "bot notes", "new_title": "Bot's"])
        _ = try session.fixture.toolkit.call("update_task", ["id": 3, "priority": "low"])
        _ = try session.gate.call("complete_task", ["id": 3])
        let report = try undo(session, since: since)
        let task = try #require(try task(session, 3))
        #expect(task["priority"] == "low" && task["title"] == "Task 2" && task["notes"] == .null && task["status"] == "open")
        #expect(report.kept.map(\.field) == ["priority"])
        #expect(report.lines(since: "T").contains("  priority of task #3 'Task 2': changed since; kept as it is now"))
    }

    @Test func anotherAgentsAndTheOwnersChangesAreNotTouched() throws {
        let session = try Session(seed: 1)
        let (_, other) = try session.fixture.agent("other", scopes: Set(AgentScope.allCases))
        for scope in AgentScope.allCases { try Agents(session.fixture.store).setAgentPolicy(named: "other", scope: scope, policy: .allow) }
        let since = session.fixture.clock.now
        let mine = try #require(try session.gate.call("create_task", ["title": "Agent's own"])["task"]?["id"]?.intValue)
        _ = try session.gate.call("update_task", ["id": 2, "new_title": "Bot title", "priority": "high"])
        let theirs = try #require(try other.call("create_task", ["title": "Other's own"])["task"]?["id"]?.intValue)
        _ = try other.call("update_task", ["id": 2, "new_title": "Other title"])
        _ = try other.call("update_task", ["id": .int(mine), "notes": "other wrote here"])
        _ = try session.fixture.toolkit.call("create_task", ["title": "Owner's own"])
        let report = try undo(session, since: since)
        #expect(try task(session, theirs)?["title"] == "Other's own")
        #expect(try task(session, 2)?["title"] == "Other title", "another agent's later title stays")
        #expect(try task(session, 2)?["priority"] == "normal", "the bot's own priority is set back")
        #expect(try task(session, mine)?["notes"] == "other wrote here", "a task the other agent changed since is kept")
        #expect(try session.fixture.toolkit.call("list_tasks", ["filter": "all", "limit": 1000])["tasks"]?.arrayValue?.contains { $0["title"] == "Owner's own" } == true)
        #expect(report.kept.contains { $0.field == "title" && $0.record.hasPrefix("task #2 ") })
        #expect(report.kept.contains { $0.field == nil && $0.record.hasPrefix("task #\(mine) ") && $0.reason.contains("changed since (notes)") })
        // Undoing the other agent now takes back only its own.
        let second = try undo(session, since: since, agent: other.agentID, name: "other")
        #expect(second.kept.isEmpty, "\(second.kept)")
        #expect(try task(session, 2)?["title"] == "Bot title", "its old value: the bot's, kept by the first undo")
    }

    @Test func anIDTakenSinceByATaskOfAnotherProjectIsNotOverwritten() throws {
        let session = try Session(seed: 2)
        _ = try session.fixture.toolkit.call("create_project", ["name": "Garden"])
        let since = session.fixture.clock.now
        // Task 12 is the newest: deleting it frees its id, and the owner's next task takes it.
        #expect(try session.gate.call("delete_task", ["id": 12])["ok"] == .bool(true))
        let owners = try #require(try session.fixture.toolkit.call("create_task", ["title": "Plant tulips", "project": "Garden"])["task"]?["id"]?.intValue)
        #expect(owners == 12)
        let report = try undo(session, since: since)
        #expect(try task(session, 12)?["title"] == "Plant tulips")
        #expect(try task(session, 12)?["project"] == "Garden")
        #expect(report.kept.contains { $0.reason.contains("its id is taken since") })
    }

    @Test func aGrantForOneProjectLeavesATaskOfAnotherUntouchedAndUndoneAlike() throws {
        let fixture = try AgentFixture()
        _ = try fixture.toolkit.call("create_project", ["name": "Kitchen"])
        _ = try fixture.toolkit.call("create_project", ["name": "Garden"])
        let kitchen = try fixture.task("Clean the oven")
        _ = try fixture.toolkit.call("update_task", ["id": .int(kitchen), "project": "Kitchen"])
        let garden = try fixture.task("Mow the lawn")
        _ = try fixture.toolkit.call("update_task", ["id": .int(garden), "project": "Garden"])
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .destructive])
        _ = try AgentGrants(fixture.store).add(agent: "bot", scope: .destructive, project: "Kitchen", until: fixture.clock.now.addingTimeInterval(86_400))
        let since = fixture.clock.now
        #expect(try gate.call("complete_task", ["id": .int(kitchen)])["ok"] == .bool(true))
        #expect(try gate.call("complete_task", ["id": .int(garden)])["status"] == "pending_approval", "another project's task is not granted")
        let report = try AgentChanges(fixture.store).undo(agentID: gate.agentID, agentName: "bot", since: since, dryRun: false)
        #expect(report.items.map(\.record) == ["task #\(kitchen) 'Clean the oven'"])
        let tasks = try fixture.toolkit.call("list_tasks", ["filter": "all"])["tasks"]?.arrayValue ?? []
        #expect(tasks.allSatisfy { $0["status"] == "open" })
    }

    @Test func undoingTwiceIsANoOpAndAnUndoIsNeverUndone() throws {
        var session = try Session(seed: 3)
        let before = try session.export()
        let since = session.fixture.clock.now
        for n in 0..<20 { try session.agentCall(n) }
        let first = try undo(session, since: since)
        #expect(!first.isEmpty && first.receiptSeq != nil)
        let afterFirst = try session.export()
        #expect(afterFirst == before)
        let receipts = try session.fixture.store.receipts().count
        let second = try undo(session, since: since)
        #expect(second.isEmpty && second.receiptSeq == nil)
        #expect(try session.fixture.store.receipts().count == receipts, "nothing to undo leaves no receipt")
        #expect(try session.export() == afterFirst)
        // The undo's own writes are the owner's: no agent's change recorded for them.
        let recorded = try session.fixture.store.read { try session.fixture.store.db.scalar("SELECT count(*) FROM agent_changes WHERE undone IS NULL") }
        #expect(recorded == 0)
        // The agent acts again: only that is undone; the first undo stays done.
        session.fixture.clock.advance(minutes: 1)
        let again = session.fixture.clock.now
        _ = try session.gate.call("create_task", ["title": "Later"])
        let third = try undo(session, since: since)
        #expect(third.items.map(\.action) == [.deleted])
        #expect(try session.export() == afterFirst)
        #expect(try undo(session, since: again).isEmpty)
        let last = try #require(try session.fixture.store.receipts().last)
        #expect(last.tool == "agent_undo" && last.agentID == 0 && last.decision == "undone")
        #expect(try session.fixture.store.verifyReceipts() == nil)
    }

    @Test func aDryRunSaysWhatTheUndoDoesAndWritesNothing() throws {
        var session = try Session(seed: 5)
        let since = session.fixture.clock.now
        for n in 0..<15 { try session.agentCall(n) }
        let sessionEnd = try session.export()
        let receipts = try session.fixture.store.receipts().count
        let dry = try undo(session, since: since, dryRun: true)
        #expect(try session.export() == sessionEnd)
        #expect(try session.fixture.store.receipts().count == receipts)
        let real = try undo(session, since: since)
        #expect(dry.items == real.items && dry.kept == real.kept && dry.changeCount == real.changeCount)
        #expect(dry.lines(since: "T").first?.hasPrefix("would undo") == true)
    }

    @Test func anApprovedCallIsTheAgentsChangeToo() throws {
        let fixture = try AgentFixture()
        let id = try fixture.task("Water the plants")
        let (_, gate) = try fixture.agent("bot", scopes: [.read, .destructive])
        let since = fixture.clock.now
        let asked = try gate.call("complete_task", ["id": .int(id)])
        let approval = try #require(asked["approval_id"]?.stringValue)
        _ = try ApprovalDesk(toolkit: fixture.toolkit, door: "test").approve(approval)
        #expect(try fixture.toolkit.call("list_tasks", ["filter": "all"])["tasks"]?.arrayValue?.first?["status"] == "done")
        let report = try AgentUndo(toolkit: fixture.toolkit).run(agent: "bot", since: ISODate.format(since, in: AgentFixture.zone), dryRun: false)
        #expect(report.items.first?.fields.contains("status") == true)
        #expect(try fixture.toolkit.call("list_tasks", ["filter": "all"])["tasks"]?.arrayValue?.first?["status"] == "open")
    }

    @Test(arguments: ["tomorrow", "friday", "soon-ish", "2026-13-40"])
    func aSinceStillToComeOrUnreadableIsRefused(_ text: String) throws {
        let fixture = try AgentFixture()
        _ = try fixture.agent("bot")
        #expect(throws: ToolkitError.self) { try AgentUndo(toolkit: fixture.toolkit).run(agent: "bot", since: text, dryRun: true) }
    }

    @Test(arguments: [("2h", "2026-12-02T08:30:00+00:00"), ("90m", "2026-12-02T09:00:00+00:00"), ("3 hours ago", "2026-12-02T07:30:00+00:00"),
                      ("1d", "2026-12-01T10:30:00+00:00"), ("today", "2026-12-02T00:00:00+00:00"), ("yesterday", "2026-12-01T00:00:00+00:00"),
                      ("2026-11-30", "2026-11-30T00:00:00+00:00"), ("2026-12-02T09:15", "2026-12-02T09:15:00+00:00")])
    func sinceReadsAgesDaysAndTimes(_ text: String, _ expected: String) throws {
        let fixture = try AgentFixture()
        #expect(ISODate.format(try AgentUndo(toolkit: fixture.toolkit).since(text), in: AgentFixture.zone) == expected)
    }
}
