import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskAgent

/// An approval runs the bytes that were approved: the stored call checked against its MAC, the
/// agent's policy checked again, and a file read once, those bytes checked and used.
@Suite struct ApprovalIntegrityTests {
    static func tasks(_ store: TaskStore, titled title: String) throws -> Int64 {
        try store.db.scalar("SELECT count(*) FROM tasks WHERE title LIKE ?", [.text(title)]) ?? -1
    }

    @Test func storedArgumentsRewrittenInTheDatabaseAreRefusedAndReceipted() throws {
        let fixture = try AgentFixture()
        let gate = try fixture.agent("writer", scopes: [.read, .writeTasks]).gate
        let id = try #require(try gate.call("create_task", ["title": "Buy milk"])["approval_id"]?.stringValue)
        // Rewritten with a matching plain hash too, as someone with the database file alone could.
        let evil = #"{"title":"Transfer the savings"}"#
        try fixture.store.db.run("UPDATE approvals SET arguments = ?, arguments_sha256 = ? WHERE id = ?", [.text(evil), .text(SHA256.hex(evil)), .text(id)])
        let outcome = try ApprovalDesk(toolkit: fixture.toolkit, door: "test").approve(id)
        guard case .failed(let message) = outcome else { Issue.record("ran: \(outcome)"); return }
        #expect(message.hasPrefix("the stored call does not match its MAC"))
        #expect(try Self.tasks(fixture.store, titled: "Transfer%") == 0 && Self.tasks(fixture.store, titled: "Buy milk") == 0)
        #expect(try Approvals(fixture.store).approval(id: id)?.status == .failed)
        #expect(try fixture.store.receipts().last.map { "\($0.approvalID ?? "") \($0.decision)" } == "\(id) tampered")

        // A request whose MAC was removed (or that is older than the MAC) is refused the same way.
        let second = try #require(try gate.call("create_task", ["title": "Buy bread"])["approval_id"]?.stringValue)
        try fixture.store.db.run("UPDATE approvals SET arguments_mac = NULL WHERE id = ?", [.text(second)])
        guard case .failed(let unkeyed) = try ApprovalDesk(toolkit: fixture.toolkit).approve(second) else { Issue.record("ran without a MAC"); return }
        #expect(unkeyed.hasPrefix("the stored call does not match its MAC"))
        #expect(try Self.tasks(fixture.store, titled: "Buy bread") == 0)

        // Untouched, it runs.
        let third = try #require(try gate.call("create_task", ["title": "Buy tea"])["approval_id"]?.stringValue)
        guard case .executed = try ApprovalDesk(toolkit: fixture.toolkit).approve(third) else { Issue.record("an untouched request did not run"); return }
        #expect(try Self.tasks(fixture.store, titled: "Buy tea") == 1)
    }

    @Test func thePolicyIsCheckedAgainWhenTheOwnerApproves() throws {
        let fixture = try AgentFixture()
        let gate = try fixture.agent("writer", scopes: [.read, .writeTasks]).gate
        let id = try #require(try gate.call("create_task", ["title": "Buy milk"])["approval_id"]?.stringValue)
        try Agents(fixture.store).setAgentPolicy(named: "writer", scope: .writeTasks, policy: .deny)
        guard case .failed(let message) = try ApprovalDesk(toolkit: fixture.toolkit).approve(id) else { Issue.record("ran"); return }
        #expect(message == "agent 'writer' may no longer use write:tasks (its policy says deny); the request was not run")
        #expect(try Self.tasks(fixture.store, titled: "Buy milk") == 0)
        #expect(try fixture.store.receipts().last?.decision == "denied")
    }

    /// While the owner approves, another thread keeps swapping the agent's file for another (by
    /// rename and by rewriting it in place): the import either runs on the bytes the owner was shown
    /// or goes stale, never on the other file.
    @Test func aFileSwappedDuringTheApprovalNeverGetsIn() throws {
        let fixture = try AgentFixture()
        let gate = try fixture.agent("importer", scopes: [.read, .writeTasks, .destructive]).gate
        let folder = fixture.directory.path("tasks.sqlite.agents/importer/files")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/list.txt"
        let pinned = Array("pinned tiles\n".utf8), swapped = Array("swapped mallory\n".utf8)
        var ran = 0, stale = 0
        for trial in 0..<40 {
            try Data(pinned).write(to: URL(fileURLWithPath: file))
            let id = try #require(try gate.call("import_tasks", ["path": "list.txt", "format": "todotxt"])["approval_id"]?.stringValue)
            let stop = Outcomes<Bool>()
            let desk = ApprovalDesk(toolkit: fixture.toolkit)
            let outcome = Outcomes<ApprovalDesk.Outcome>()
            let approving = Handed(desk)
            simultaneously([
                {
                    var round = 0
                    while stop[0] != true {
                        let bytes = round % 2 == 0 ? swapped : pinned
                        if (round / 2 + trial) % 2 == 0 {
                            try? Data(bytes).write(to: URL(fileURLWithPath: file + ".new"))
                            rename(file + ".new", file)
                        } else if let handle = FileHandle(forWritingAtPath: file) {
                            try? handle.write(contentsOf: Data(bytes))
                            try? handle.truncate(atOffset: UInt64(bytes.count))
                            try? handle.close()
                        }
                        round += 1
                    }
                },
                {
                    if let result = try? approving.value.approve(id) { outcome.set(0, result) }
                    stop.set(0, true)
                },
            ])
            switch outcome[0] {
            case .executed?: ran += 1
            case .stale?: stale += 1
            default: break
            }
        }
        #expect(try Self.tasks(fixture.store, titled: "%mallory%") == 0, "a swapped file was imported")
        #expect(try ran == 0 || Self.tasks(fixture.store, titled: "%tiles%") >= 1)
        #expect(ran + stale == 40)
        print("swapped file: \(ran) ran on the pinned bytes, \(stale) stale, 0 imported the other file")
    }

    /// The deterministic half of the swap: the toolkit an approved call runs with hands the tool the
    /// held bytes, whatever the file holds by then.
    @Test func theToolGetsTheHeldBytesNotASecondOpeningOfTheFile() throws {
        let fixture = try AgentFixture()
        let gate = try fixture.agent("importer", scopes: [.read, .writeTasks, .destructive]).gate
        let folder = fixture.directory.path("tasks.sqlite.agents/importer/files")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "swapped mallory\n".write(toFile: folder + "/list.txt", atomically: true, encoding: .utf8)
        let agent = fixture.toolkit.acting(forAgent: gate.agentID)
        let held = agent.with(files: agent.files.holding(HeldFile(name: "list.txt", bytes: Array("pinned tiles\n".utf8))))
        let result = try held.call("import_tasks", ["path": "list.txt", "format": "todotxt"])
        #expect(result["ok"] == true, "\(result.encoded())")
        #expect(try Self.tasks(fixture.store, titled: "%tiles%") == 1 && Self.tasks(fixture.store, titled: "%mallory%") == 0)
        #expect(held.files.isConfined, "holding a file keeps the agent's folder rule for every other path")
    }

    /// A run that fails before anything is kept (here the receipts key, readable by others, is
    /// refused) gives its claim back: the request is pending again, and approved once it is fixed.
    @Test func aRunThatThrowsGivesItsClaimBack() throws {
        let fixture = try AgentFixture()
        let gate = try fixture.agent("writer", scopes: [.read, .writeTasks]).gate
        let id = try #require(try gate.call("create_task", ["title": "Buy milk"])["approval_id"]?.stringValue)
        let keyPath = fixture.directory.path("tasks.sqlite.receipts/key")
        chmod(keyPath, 0o644)
        let desk = ApprovalDesk(toolkit: TaskToolkit(store: try fixture.base.reopen()), door: "test")
        #expect(throws: TaskStoreError.self) { try desk.approve(id) }
        #expect(try Approvals(fixture.store).approval(id: id)?.status == .pending)
        chmod(keyPath, 0o600)
        guard case .executed = try desk.approve(id) else { Issue.record("not run after the key was fixed"); return }
        #expect(try Self.tasks(fixture.store, titled: "Buy milk") == 1)
    }
}
