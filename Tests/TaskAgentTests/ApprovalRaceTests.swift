import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskAgent

/// Two deciders on one request at once, each on its own connection to one SQLite file, 200 times
/// each: exactly one wins, the call runs once, and approve and reject never both take effect.
@Suite struct ApprovalRaceTests {
    static let trials = 200

    /// A decider's own connection and desk, used only from its thread.
    static func desk(_ fixture: AgentFixture, door: String) throws -> Handed<ApprovalDesk> {
        let toolkit = TaskToolkit(store: try fixture.base.reopen(), objects: ObjectStore(directory: fixture.directory.path("objects")))
        return Handed(ApprovalDesk(toolkit: toolkit, door: door))
    }

    static func count(_ store: TaskStore, title: String) throws -> Int64 {
        try store.db.scalar("SELECT count(*) FROM tasks WHERE title = ?", [.text(title)]) ?? -1
    }

    static func receipts(_ store: TaskStore, approval id: String, decision: String) throws -> Int {
        try store.receipts().filter { $0.approvalID == id && $0.decision == decision }.count
    }

    @Test func twoApprovalsOfOneRequestRunItOnce() throws {
        let fixture = try AgentFixture()
        let gate = try fixture.agent("racer", scopes: [.read, .writeTasks]).gate
        let first = try Self.desk(fixture, door: "first"), second = try Self.desk(fixture, door: "second")
        var doubleRuns = 0, lostWithoutLine = 0
        for trial in 0..<Self.trials {
            let title = "Race \(trial)"
            let id = try #require(try gate.call("create_task", ["title": .string(title)])["approval_id"]?.stringValue)
            let outcomes = Outcomes<Result<ApprovalDesk.Outcome, ApprovalError>>()
            simultaneously([first, second].enumerated().map { index, desk in
                { outcomes.set(index, Result { try desk.value.approve(id) }.mapError { $0 as? ApprovalError ?? .notFound("\($0)") }) }
            })
            let ran = (0..<2).filter { if case .success(.executed)? = outcomes[$0] { true } else { false } }.count
            let lost = (0..<2).compactMap { if case .failure(let error)? = outcomes[$0] { error } else { nil } }
            if try ran != 1 || Self.count(fixture.store, title: title) != 1 || Self.receipts(fixture.store, approval: id, decision: "approved") != 1 {
                doubleRuns += 1
            }
            if lost.count != 1 || !lost[0].description.contains("already decided") || !lost[0].description.contains("by ") { lostWithoutLine += 1 }
        }
        #expect(doubleRuns == 0, "\(doubleRuns) of \(Self.trials) trials did not run the call exactly once")
        #expect(lostWithoutLine == 0, "\(lostWithoutLine) of \(Self.trials) losers were not told who decided")
    }

    @Test func approveAndRejectAtOnceNeverBothTakeEffect() throws {
        let fixture = try AgentFixture()
        let gate = try fixture.agent("racer", scopes: [.read, .writeTasks]).gate
        let approver = try Self.desk(fixture, door: "approver"), rejecter = try Self.desk(fixture, door: "rejecter")
        var ranButRejected = 0, bothOrNeither = 0, approvedWins = 0
        for trial in 0..<Self.trials {
            let title = "Either \(trial)"
            let id = try #require(try gate.call("create_task", ["title": .string(title)])["approval_id"]?.stringValue)
            let approved = Outcomes<Bool>(), rejected = Outcomes<Bool>()
            simultaneously([
                { approved.set(0, (try? approver.value.approve(id)).map { $0 != .stale } ?? false) },
                { rejected.set(0, (try? rejecter.value.reject(id, reason: "no")) != nil) },
            ])
            let status = try #require(try Approvals(fixture.store).approval(id: id)).status
            let tasks = try Self.count(fixture.store, title: title)
            if status == .rejected && tasks != 0 { ranButRejected += 1 }
            if approved[0] == rejected[0] || (status == .executed) != (tasks == 1) || (status == .executed) != (approved[0] == true) { bothOrNeither += 1 }
            if status == .executed { approvedWins += 1 }
        }
        #expect(ranButRejected == 0, "\(ranButRejected) of \(Self.trials) calls ran while the request ended rejected")
        #expect(bothOrNeither == 0, "\(bothOrNeither) of \(Self.trials) trials did not have exactly one winner")
        print("approve×reject: approve won \(approvedWins) of \(Self.trials)")
    }

    /// A decider that died after claiming: the request shows as being decided, a rerun does not run it
    /// while the claim is fresh, and once it counts as interrupted it runs exactly once; the dead
    /// decider's token can no longer finish it.
    @Test func anInterruptedDecisionIsShownAndRunsOnceWhenDecidedAgain() throws {
        let fixture = try AgentFixture()
        let gate = try fixture.agent("racer", scopes: [.read, .writeTasks]).gate
        let id = try #require(try gate.call("create_task", ["title": "Crash"])["approval_id"]?.stringValue)
        #expect(try Approvals(fixture.store).claim(id: id, by: "tasker approve (pid 99999)", token: "dead") != nil)
        let desk = ApprovalDesk(toolkit: fixture.toolkit, door: "tasker approve")
        #expect(try desk.deciding().map(\.id) == [id])
        #expect(throws: ApprovalError.alreadyDecided(id, .deciding, by: "tasker approve (pid 99999)")) { try desk.approve(id) }
        #expect(throws: ApprovalError.alreadyDecided(id, .deciding, by: "tasker approve (pid 99999)")) { try desk.reject(id, reason: nil) }
        #expect(ApprovalError.alreadyDecided(id, .deciding, by: "tasker approve (pid 99999)").description
            == "\(id) is already decided (being approved by tasker approve (pid 99999) right now)")
        #expect(try Self.count(fixture.store, title: "Crash") == 0)
        fixture.clock.advance(minutes: 2)
        guard case .executed = try desk.approve(id) else { Issue.record("the interrupted request did not run"); return }
        #expect(try Self.count(fixture.store, title: "Crash") == 1)
        #expect(try !Approvals(fixture.store).finishDecision(id: id, token: "dead", status: .executed, result: "{}"))
        let request = try #require(try Approvals(fixture.store).approval(id: id))
        #expect(request.status == .executed && request.decidedBy?.hasPrefix("tasker approve (pid ") == true)
        #expect(throws: ApprovalError.self) { try desk.approve(id) }
        #expect(try Self.count(fixture.store, title: "Crash") == 1)
    }
}
