import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

/// The keyed receipts chain: the key and anchor beside the database, receipts from before the key,
/// and what `checkReceipts` names when rows are changed, added or removed behind the triggers.
@Suite struct ReceiptChainTests {
    func append(_ store: TaskStore, _ decision: String = "allowed", tool: String = "list_tasks") throws {
        try store.appendReceipt(agentID: 1, tool: tool, argumentsHash: SHA256.hex("{}"), resultHash: SHA256.hex("r"), decision: decision, approvalID: nil)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func receiptsAreKeyedTheKeyAndAnchorLiveBesideTheDatabaseOwnerOnly() throws {
        let fixture = try Fixture()
        let store = fixture.store
        try append(store)
        try append(store, "denied")
        let files = ReceiptKeyFiles(databasePath: store.path)
        #expect(files.folder == fixture.dir.path("tasks.sqlite.receipts"))
        #expect(mode(files.folder) == 0o700 && mode(files.keyPath) == 0o600 && mode(files.anchorPath) == 0o600)
        let receipts = try store.receipts()
        #expect(receipts.allSatisfy { $0.isKeyed })
        let key = try #require(try files.key(creating: false))
        #expect(try files.anchor(key: key) == .present(ReceiptAnchor(first: 1, count: 2, seq: 2, hash: receipts[1].hash)))
        #expect(try store.checkReceipts() == ReceiptCheck(count: 2, unkeyed: 0, problem: nil))
        #expect(TaskStore.folder("receipts", besideDatabase: "/d/tasker.sqlite") == "/d/receipts")
    }

    @Test func theAnchorMovesOnlyWhenTheOutermostTransactionCommits() throws {
        let fixture = try Fixture()
        let store = fixture.store
        try append(store)
        let files = ReceiptKeyFiles(databasePath: store.path)
        let key = try #require(try files.key(creating: false))
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try store.inOneTransaction {
                try append(store)
                throw Abort()
            }
        }
        #expect(try files.anchor(key: key) == .present(ReceiptAnchor(first: 1, count: 1, seq: 1, hash: try store.receipts()[0].hash)))
        try store.inOneTransaction {
            try append(store)
            try append(store)
        }
        guard case .present(let anchor) = try files.anchor(key: key) else { Issue.record("no anchor"); return }
        #expect(anchor.seq == 3)
        // Another connection appends with the same key file; both see one intact chain.
        let other = try fixture.reopen()
        try append(other)
        try append(store)
        #expect(try store.checkReceipts().problem == nil)
        #expect(try other.checkReceipts().count == 5)
    }

    @Test func receiptsFromBeforeTheKeyAreCheckedAsBeforeAndHeldInPlaceByTheFirstKeyedOne() throws {
        let fixture = try Fixture()
        let store = fixture.store
        // Two receipts as an older Tasker wrote them: plain SHA-256, no key file yet.
        var previous = Receipt.genesis
        for seq in Int64(1)...2 {
            let hash = Receipt.hash(seq: seq, time: 0, agentID: 1, tool: "list_tasks", argumentsHash: "a", resultHash: "b", decision: "denied",
                                    approvalID: nil, previousHash: previous)
            try store.db.run("INSERT INTO receipts VALUES (?, 0, 1, 'list_tasks', 'a', 'b', 'denied', NULL, ?, ?)", [.integer(seq), .text(previous), .text(hash)])
            previous = hash
        }
        #expect(try store.checkReceipts() == ReceiptCheck(count: 2, unkeyed: 2, problem: nil))
        try append(store)
        #expect(try store.checkReceipts() == ReceiptCheck(count: 3, unkeyed: 2, problem: nil))
        let key = try #require(try ReceiptKeyFiles(databasePath: store.path).key(creating: false))
        #expect(try ReceiptKeyFiles(databasePath: store.path).anchor(key: key) == .present(ReceiptAnchor(first: 3, count: 3, seq: 3, hash: try store.receipts()[2].hash)))

        // The old ones rewritten and rehashed: the first keyed receipt no longer links to them.
        try store.db.execute("DROP TRIGGER receipts_no_update")
        previous = Receipt.genesis
        for seq in Int64(1)...2 {
            let hash = Receipt.hash(seq: seq, time: 0, agentID: 1, tool: "list_tasks", argumentsHash: "a", resultHash: "b", decision: "allowed",
                                    approvalID: nil, previousHash: previous)
            try store.db.run("UPDATE receipts SET decision = 'allowed', prev_hash = ?, hash = ? WHERE seq = ?", [.text(previous), .text(hash), .integer(seq)])
            previous = hash
        }
        let problem = try #require(try store.checkReceipts().problem)
        #expect(problem.seq == 3 && problem.sentence.hasPrefix("receipt #3 does not link"))
    }

    @Test func aForgedMACAnAlteredAnchorAndAMissingKeyAreNamed() throws {
        let fixture = try Fixture()
        let store = fixture.store
        for _ in 0..<3 { try append(store) }
        let files = ReceiptKeyFiles(databasePath: store.path)
        try store.db.execute("DROP TRIGGER receipts_no_update")
        let original = try store.receipts()[1].hash
        try store.db.run("UPDATE receipts SET decision = 'denied' WHERE seq = 2")
        #expect(try fixture.reopen().checkReceipts().problem?.sentence.hasPrefix("receipt #2 does not match its MAC") == true)
        try store.db.run("UPDATE receipts SET decision = 'allowed' WHERE seq = 2")
        #expect(try fixture.reopen().checkReceipts().problem == nil)
        #expect(original == (try store.receipts()[1].hash))

        let anchorText = try String(contentsOfFile: files.anchorPath, encoding: .utf8)
        try OwnerOnlyFile.write(Array(anchorText.replacingOccurrences(of: "seq=3", with: "seq=2").utf8), to: files.anchorPath)
        #expect(try fixture.reopen().checkReceipts().problem?.sentence.contains("does not match the receipts key") == true)
        try OwnerOnlyFile.write(Array(anchorText.utf8), to: files.anchorPath)

        try FileManager.default.moveItem(atPath: files.keyPath, toPath: files.keyPath + ".away")
        let missing = try #require(try fixture.reopen().checkReceipts().problem)
        #expect(missing.seq == 1 && missing.sentence.contains("the receipts key \(files.keyPath) is missing"))
        try FileManager.default.moveItem(atPath: files.keyPath + ".away", toPath: files.keyPath)

        chmod(files.keyPath, 0o644)
        #expect(throws: TaskStoreError.receiptKey("the receipts key \(files.keyPath) is readable by group or others; run `chmod 600 \(files.keyPath)`")) {
            try fixture.reopen().checkReceipts()
        }
    }
}
