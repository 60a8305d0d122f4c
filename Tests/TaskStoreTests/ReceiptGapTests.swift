import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

/// A cut receipt chain never heals (issue 41): the tail deleted, the whole table emptied, or the key
/// folder moved away, then 10 more receipts, and `checkReceipts` still names the gap, until the
/// owner accepts it with `acceptReceiptReset` (a receipt of its own), after which the chain is
/// checked from there and what came before stays frozen.
@Suite struct ReceiptGapTests {
    func append(_ store: TaskStore, _ count: Int = 1) throws {
        for _ in 0..<count {
            try store.appendReceipt(agentID: 1, tool: "list_tasks", argumentsHash: SHA256.hex("{}"), resultHash: SHA256.hex("r"), decision: "allowed",
                                    approvalID: nil)
        }
    }

    /// Deletes receipts behind the triggers, as someone with the database file alone can.
    func delete(_ store: TaskStore, _ condition: String) throws {
        try store.db.execute("DROP TRIGGER IF EXISTS receipts_no_delete")
        try store.db.execute("DELETE FROM receipts WHERE " + condition)
    }

    @Test func aDeletedTailIsNamedAfterTenMoreReceipts() throws {
        let fixture = try Fixture()
        let store = fixture.store
        try append(store, 10)
        try delete(store, "seq > 7")
        #expect(try fixture.reopen().checkReceipts().problem?.sentence.hasPrefix("receipts #8–#10 are missing: the anchor") == true)
        try append(store, 10)
        let problem = try #require(try fixture.reopen().checkReceipts().problem)
        #expect(problem.seq == 8)
        #expect(problem.sentence.hasPrefix("receipts #8–#10 are missing: the chain jumps from #7 to #11"), "\(problem.sentence)")
        // Deleting the new ones as well only moves the gap's end; it never closes.
        try delete(store, "seq > 7")
        try append(store, 10)
        #expect(try fixture.reopen().checkReceipts().problem?.sentence.hasPrefix("receipts #8–#20 are missing") == true)
    }

    @Test func anEmptiedTableIsNamedAfterTenMoreReceipts() throws {
        let fixture = try Fixture()
        let store = fixture.store
        try append(store, 5)
        try delete(store, "1")
        #expect(try fixture.reopen().checkReceipts().problem?.sentence.hasPrefix("receipts #1–#5 are missing: the anchor") == true)
        try append(store, 10)
        let problem = try #require(try fixture.reopen().checkReceipts().problem)
        #expect(problem.seq == 1 && problem.sentence.hasPrefix("receipts #1–#5 are missing: the chain starts at #6"), "\(problem.sentence)")
        #expect(problem.sentence.hasSuffix("`tasker receipts --accept-reset` accepts it (with a receipt)"))
    }

    @Test func aMovedKeyFolderIsNamedAfterTenMoreReceiptsWithOrWithoutTheOldReceipts() throws {
        for emptied in [false, true] {
            let fixture = try Fixture()
            let store = fixture.store
            try append(store, 4)
            let files = ReceiptKeyFiles(databasePath: store.path)
            try FileManager.default.moveItem(atPath: files.folder, toPath: files.folder + ".away")
            if emptied { try delete(store, "1") }
            let later = try fixture.reopen()
            try append(later, 10)
            let problem = try #require(try fixture.reopen().checkReceipts().problem, "emptied: \(emptied)")
            if emptied {
                #expect(problem.sentence.hasPrefix("the receipts signed with an earlier receipts key (from #1) can no longer be checked"), "\(problem.sentence)")
            } else {
                #expect(problem.seq == 1 && problem.sentence.hasPrefix("receipts #1–#4 were written under an earlier receipts key"), "\(problem.sentence)")
            }
        }
    }

    @Test func theOwnerAcceptsAResetWithAReceiptAndWhatCameBeforeStaysFrozen() throws {
        let fixture = try Fixture()
        let store = fixture.store
        #expect(try store.acceptReceiptReset() == nil, "nothing to accept in an intact chain")
        try append(store, 6)
        try delete(store, "seq IN (3, 4)")
        try append(store, 2)
        let accepted = try #require(try store.acceptReceiptReset())
        #expect(accepted.sentence.hasPrefix("receipts #3–#4 are missing: the chain jumps from #2 to #5"))
        let reset = try #require(try store.receipts().last)
        #expect(reset.decision == "reset" && reset.agentID == 0 && reset.argumentsHash == SHA256.hex(accepted.sentence))
        try append(store, 3)
        let check = try fixture.reopen().checkReceipts()
        #expect(check.problem == nil && check.count == 10, "\(check)")
        // A receipt before the reset deleted afterwards is noticed: the accepted past is frozen.
        try delete(store, "seq = 1")
        #expect(try fixture.reopen().checkReceipts().problem?.sentence.hasPrefix("receipts before #9, where the owner accepted a reset, were changed or removed since") == true)
    }

    @Test func concurrentAppendersNeverMoveTheAnchorBackwards() throws {
        let fixture = try Fixture()
        try append(fixture.store)
        let path = fixture.store.path
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            guard let store = try? TaskStore(path: path) else { return }
            for _ in 0..<25 { try? append(store) }
        }
        #expect(try fixture.reopen().checkReceipts() == ReceiptCheck(count: 101, unkeyed: 0, problem: nil))
        let key = try #require(try ReceiptKeyFiles(databasePath: path).key(creating: false))
        guard case .present(let anchor) = try ReceiptKeyFiles(databasePath: path).anchor(key: key) else { Issue.record("no anchor"); return }
        #expect(anchor.seq == 101 && anchor.count == 101)
    }
}
