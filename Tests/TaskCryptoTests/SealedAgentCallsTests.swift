import Foundation
import Testing
import TaskCore
import TaskCrypto
@testable import TaskStore
import TaskerTestSupport

/// What agents sent and got, with sealing on: approvals' arguments and results and `client_id`
/// replays are sealed like notes (bound to the row), opened on read, covered by enable and rotate;
/// decided approvals go after 30 days, their receipts stay.
@Suite struct SealedAgentCallsTests {
    let directory = TemporaryDirectory("sealed-agent-calls")
    var path: String { directory.path("t.sqlite") }
    let sentence = "Ring the locksmith about the cellar door on Friday"

    func open(_ sealer: TaskCrypto?, clock: TestClock? = nil) throws -> TaskStore {
        let store: TaskStore
        if let clock { store = try TaskStore(path: path, clock: { clock.now }) } else { store = try TaskStore(path: path) }
        try store.bootstrap()
        store.sealer = sealer
        return store
    }

    func types(_ store: TaskStore, _ table: String, _ column: String) throws -> [String] {
        try store.db.prepare("SELECT typeof(\(column)) FROM \(table) WHERE \(column) IS NOT NULL ORDER BY 1").rows { $0.string(0) }
    }

    /// One approval decided with a result, and one `client_id` answer, both carrying the sentence.
    func record(_ store: TaskStore) throws -> String {
        let agent = try Agents(store).addAgent(name: "bot", key: AgentKey.generate(), scopes: [.writeTasks], expires: nil)
        let arguments = #"{"notes":"\#(sentence)","title":"Cellar"}"#
        let approval = try Approvals(store).addApproval(agentID: agent.id, tool: "create_task", arguments: arguments, argumentsHash: SHA256.hex(arguments),
                                             target: nil, targetModified: nil, lifetime: 7 * 86_400)
        try Approvals(store).decideApproval(id: approval.id, status: .executed, result: #"{"ok":true,"task":{"notes":"\#(sentence)"}}"#)
        try ClientKeys(store).record(tool: "create_task", clientID: "c-1", arguments: arguments, result: #"{"ok":true,"notes":"\#(sentence)"}"#)
        return approval.id
    }

    @Test func sealedOnWriteOpenedOnReadAndBoundToTheirRow() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try open(crypto)
        try Sealing(store).enableSealing()
        let id = try record(store)
        for (table, column) in [("approvals", "arguments"), ("approvals", "result"), ("client_keys", "arguments"), ("client_keys", "result")] {
            #expect(try types(store, table, column) == ["blob"], "\(table).\(column)")
        }
        let approval = try #require(try Approvals(store).approval(id: id))
        #expect(approval.arguments.contains(sentence) && approval.result?.contains(sentence) == true)
        #expect(try ClientKeys(store).find(tool: "create_task", clientID: "c-1")?.result.contains(sentence) == true)

        // Without the key: refused in one line, never ciphertext or clear text.
        let locked = try open(nil)
        #expect(throws: TaskStoreError.self) { try Approvals(locked).approval(id: id) }
        #expect(throws: TaskStoreError.self) { try ClientKeys(locked).record(tool: "create_task", clientID: "c-2", arguments: "{}", result: "{}") }

        // A sealed value moved to another row does not open there.
        let other = try Approvals(store).addApproval(agentID: 1, tool: "create_task", arguments: "{}", argumentsHash: SHA256.hex("{}"), target: nil,
                                          targetModified: nil, lifetime: 86_400)
        try store.db.run("UPDATE approvals SET arguments = (SELECT arguments FROM approvals WHERE id = ?) WHERE id = ?", [.text(id), .text(other.id)])
        #expect(throws: TaskStoreError.self) { try Approvals(store).approval(id: other.id) }
    }

    @Test func enableSealsWhatWasClearAndRotationReSealsIt() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try open(nil)
        let id = try record(store)
        #expect(try types(store, "client_keys", "result") == ["text"])
        store.sealer = crypto
        #expect(try Sealing(store).enableSealing().agentCalls == 4)
        #expect(try types(store, "approvals", "arguments") == ["blob"] && types(store, "client_keys", "arguments") == ["blob"])
        let next = try TaskCrypto(key: try DataKey.random(), otherKeys: [crypto.key])
        #expect(try Sealing(store).reseal(with: next).agentCalls == 4)
        #expect(try Approvals(open(try TaskCrypto(key: next.key))).approval(id: id)?.result?.contains(sentence) == true)
        #expect(try ClientKeys(open(try TaskCrypto(key: next.key))).find(tool: "create_task", clientID: "c-1")?.arguments.contains(sentence) == true)
        #expect(throws: TaskStoreError.self) { try Approvals(open(crypto)).approval(id: id) }
        let file = try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
        #expect(file.range(of: Data(sentence.utf8)) == nil, "enable scrubbed the clear copies")
    }

    @Test func decidedApprovalsGoAfterThirtyDaysTheirReceiptsStay() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let store = try open(nil, clock: clock)
        let id = try record(store)
        try store.appendReceipt(agentID: 1, tool: "create_task", argumentsHash: "a", resultHash: "b", decision: "approved", approvalID: id)
        let pending = try Approvals(store).addApproval(agentID: 1, tool: "complete_task", arguments: "{}", argumentsHash: SHA256.hex("{}"), target: nil,
                                            targetModified: nil, lifetime: 60 * 86_400)
        clock.advance(days: 29)
        #expect(try Approvals(store).approvals().count == 2)
        clock.advance(days: 2)
        #expect(try Approvals(store).approvals().map(\.id) == [pending.id], "the decided one is gone, the pending one stays")
        #expect(try store.receipts().map(\.approvalID) == [id])
        #expect(try store.checkReceipts().problem == nil)
    }
}
