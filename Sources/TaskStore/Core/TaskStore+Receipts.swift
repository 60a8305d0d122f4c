import Foundation
import TaskCore

/// Receipts: one per agent call, appended to a chain keyed with HMAC-SHA-256. The table refuses
/// UPDATE and DELETE; the key and an anchor (the last receipt's number and MAC) live outside the
/// database (`ReceiptKeyFiles`), so a receipt changed, forged or cut off with the triggers dropped
/// is found by `checkReceipts`.
///
/// Receipts written before the key existed keep their plain SHA-256 hashes: they are checked as
/// before, counted as unkeyed, and the first keyed receipt links to the last of them, so they cannot
/// be rewritten either once a keyed one follows.
///
/// Receipts stay in the store's core rather than a repository of their own: `write` moves the
/// anchor after the outermost transaction that appended one commits, so the key, the anchor files
/// and the "anchor due" flag are the connection's state, as the transactions are.
extension TaskStore {
    /// Appends a receipt after the last one, in the caller's transaction when there is one; the
    /// receipts key is made on first use. The anchor moves once the outermost transaction commits.
    /// - Throws: `TaskStoreError.receiptKey` when the key cannot be read or made (nothing is written).
    @discardableResult
    public func appendReceipt(agentID: Int64, tool: String, argumentsHash: String, resultHash: String, decision: String,
                              approvalID: String?) throws -> Receipt {
        try write {
            let key = try receiptSigningKey()
            let last = try db.cached("SELECT seq, hash FROM receipts ORDER BY seq DESC LIMIT 1").bind([]).first { ($0.int64(0), $0.string(1)) }
            let seq = (last?.0 ?? 0) + 1
            let previous = last?.1 ?? Receipt.genesis
            let time = TaskStore.wholeSeconds(now)
            let seconds = Int64(time.timeIntervalSince1970)
            let hash = Receipt.mac(key: key, seq: seq, time: seconds, agentID: agentID, tool: tool, argumentsHash: argumentsHash,
                                   resultHash: resultHash, decision: decision, approvalID: approvalID, previousHash: previous)
            try db.run(
                """
                INSERT INTO receipts(seq, ts, agent_id, tool, arguments_sha256, result_sha256, decision, approval_id, prev_hash, hash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.integer(seq), .integer(seconds), .integer(agentID), .text(tool), .text(argumentsHash), .text(resultHash), .text(decision),
                 DatabaseValue(approvalID), .text(previous), .text(hash)])
            receiptAnchorDue = true
            return Receipt(seq: seq, time: time, agentID: agentID, tool: tool, argumentsHash: argumentsHash, resultHash: resultHash,
                           decision: decision, approvalID: approvalID, previousHash: previous, hash: hash)
        }
    }

    /// Receipts in order, optionally of one agent and from a time on.
    public func receipts(agentID: Int64? = nil, since: Date? = nil) throws -> [Receipt] {
        try read {
            try db.prepare(
                """
                SELECT seq, ts, agent_id, tool, arguments_sha256, result_sha256, decision, approval_id, prev_hash, hash FROM receipts
                WHERE (?1 IS NULL OR agent_id = ?1) AND (?2 IS NULL OR ts >= ?2) ORDER BY seq
                """
            ).bind([DatabaseValue(agentID), DatabaseValue(since)]).rows(Self.receipt)
        }
    }

    /// The sequence number of the first receipt that does not hold (see `checkReceipts`), or nil.
    public func verifyReceipts() throws -> Int64? { try checkReceipts().problem?.seq }

    /// Walks the whole chain against the key and the anchor: numbers without gaps, each receipt
    /// linked to the one before, keyed ones matching their MAC, no unkeyed one after a keyed one or
    /// from the anchor's first keyed receipt on, and the chain reaching the anchor's receipt with
    /// its MAC. - Throws: `TaskStoreError.receiptKey` when the key or anchor cannot be read.
    public func checkReceipts() throws -> ReceiptCheck {
        if receiptKey == nil { receiptKey = try receiptFiles.key(creating: false) }
        let key = receiptKey
        let anchor = try key.map { try receiptFiles.anchor(key: $0) }
        return try read {
            let statement = try db.prepare(
                "SELECT seq, ts, agent_id, tool, arguments_sha256, result_sha256, decision, approval_id, prev_hash, hash FROM receipts ORDER BY seq")
            var check = ReceiptCheck(count: 0, unkeyed: 0, problem: nil)
            func failing(_ seq: Int64, _ sentence: String) -> ReceiptCheck {
                check.problem = ReceiptCheck.Problem(seq: seq, sentence: sentence)
                return check
            }
            var previous = Receipt.genesis
            var expected: Int64 = 1
            var firstKeyed: Int64?
            while try statement.step() {
                let receipt = Self.receipt(statement)
                let seq = receipt.seq
                if seq > expected {
                    return failing(expected, "receipt #\(expected) is missing: the chain jumps from #\(expected - 1) to #\(seq)")
                }
                if seq < expected { return failing(seq, "receipt #\(seq) is out of order: #\(expected) was expected") }
                if receipt.previousHash != previous {
                    return failing(seq, "receipt #\(seq) does not link to the one before: it or #\(seq - 1) was changed after it was written")
                }
                if receipt.isKeyed {
                    guard let key else {
                        return failing(seq, "receipt #\(seq) is keyed, but the receipts key \(receiptFiles.keyPath) is missing; restore it to check the chain")
                    }
                    guard SHA256.constantTimeEqual(receipt.hash, receipt.expectedMAC(key: key)) else {
                        return failing(seq, "receipt #\(seq) does not match its MAC: it was changed, or written without the receipts key")
                    }
                    firstKeyed = firstKeyed ?? seq
                } else {
                    if let firstKeyed {
                        return failing(seq, "receipt #\(seq) is not keyed, but #\(firstKeyed) before it was: it was added or rewritten without the receipts key")
                    }
                    if case .present(let recorded) = anchor, seq >= recorded.first {
                        return failing(seq, "receipt #\(seq) is not keyed, but the anchor outside the database says keyed receipts start at #\(recorded.first): the chain was rewritten without the receipts key")
                    }
                    guard receipt.hash == receipt.expectedHash else {
                        return failing(seq, "receipt #\(seq) does not match the chain: it or the one before was changed after it was written")
                    }
                    check.unkeyed += 1
                }
                if case .present(let recorded) = anchor, seq == recorded.seq, receipt.hash != recorded.hash {
                    return failing(seq, "receipt #\(seq) is not the one the anchor outside the database recorded: the chain was rewritten from there")
                }
                previous = receipt.hash
                expected += 1
                check.count += 1
            }
            switch anchor {
            case .present(let recorded) where recorded.seq >= expected:
                return failing(expected, "receipt #\(expected) is missing: the anchor outside the database says the chain reaches #\(recorded.seq), the database ends at #\(expected - 1)")
            case .altered:
                return failing(expected, "receipt #\(expected) and later cannot be vouched for: the receipts anchor \(receiptFiles.anchorPath) does not match the receipts key (it was edited)")
            case .missing where firstKeyed != nil:
                return failing(expected, "receipt #\(expected) and later cannot be vouched for: the receipts anchor \(receiptFiles.anchorPath) is missing, so receipts at the end may have been removed")
            default:
                return check
            }
        }
    }

    /// The receipts key when there is one (nil when none was made yet or it is gone), read once per store.
    func receiptVerifyingKey() throws -> [UInt8]? {
        if receiptKey == nil { receiptKey = try receiptFiles.key(creating: false) }
        return receiptKey
    }

    /// The receipts key, read or made once per store.
    func receiptSigningKey() throws -> [UInt8] {
        if let receiptKey { return receiptKey }
        guard let key = try receiptFiles.key(creating: true) else {
            throw TaskStoreError.receiptKey("the receipts key \(receiptFiles.keyPath) could not be made; check that folder is writable")
        }
        receiptKey = key
        return key
    }

    /// Moves the anchor to the last receipt, after a transaction that appended one committed.
    ///
    /// Never throws: the receipt is committed already. A write that fails (or loses a race to
    /// another process's later receipt) leaves the anchor behind the chain, which only narrows how
    /// much of a cut-off end is noticed. An anchor that does not verify is left as it is, as evidence.
    func moveReceiptAnchor() {
        receiptAnchorDue = false
        guard let key = receiptKey,
              let last = try? db.cached("SELECT seq, hash FROM receipts ORDER BY seq DESC LIMIT 1").bind([]).first({ ($0.int64(0), $0.string(1)) }),
              last.1.hasPrefix(Receipt.keyedPrefix) else { return }
        var first = last.0
        switch try? receiptFiles.anchor(key: key) {
        case .present(let recorded):
            if recorded.seq >= last.0 { return }
            first = recorded.first
        case .missing:
            first = (try? db.scalar("SELECT min(seq) FROM receipts WHERE hash LIKE '\(Receipt.keyedPrefix)%'")) ?? last.0
        case .altered, nil:
            return
        }
        try? receiptFiles.save(ReceiptAnchor(first: first, seq: last.0, hash: last.1), key: key)
    }

    private static func receipt(_ row: Statement) -> Receipt {
        Receipt(seq: row.int64(0), time: row.date(1), agentID: row.int64(2), tool: row.string(3), argumentsHash: row.string(4),
                resultHash: row.string(5), decision: row.string(6), approvalID: row.optionalString(7), previousHash: row.string(8), hash: row.string(9))
    }
}
