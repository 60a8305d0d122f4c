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
    /// receipts key is made on first use (and its id recorded in `receipt_keys`). The anchor moves
    /// once the outermost transaction commits.
    ///
    /// When the database holds less than the anchor vouched for (its last receipts deleted, the table
    /// emptied, an older copy put back, the anchored receipt rewritten), the new receipt is numbered
    /// after the anchor and linked to the anchored MAC, not to what the database has left: the gap
    /// stays in the chain itself, and `checkReceipts` names it for good.
    /// - Throws: `TaskStoreError.receiptKey` when the key cannot be read or made (nothing is written).
    @discardableResult
    public func appendReceipt(agentID: Int64, tool: String, argumentsHash: String, resultHash: String, decision: String,
                              approvalID: String?) throws -> Receipt {
        try write {
            let key = try receiptSigningKey()
            let last = try db.cached("SELECT seq, hash FROM receipts ORDER BY seq DESC LIMIT 1").bind([]).first { ($0.int64(0), $0.string(1)) }
            var seq = (last?.0 ?? 0) + 1
            var previous = last?.1 ?? Receipt.genesis
            if case .present(let anchor)? = try? receiptFiles.anchor(key: key) {
                let anchored = try db.cached("SELECT hash FROM receipts WHERE seq = ?").bind([.integer(anchor.seq)]).first { $0.string(0) }
                if anchored != anchor.hash {
                    seq = max(seq, anchor.seq + 1)
                    previous = anchor.hash
                }
            }
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
            try db.cached("INSERT OR IGNORE INTO receipt_keys(key_id, created, first_seq) VALUES (?, ?, ?)")
                .bind([.text(ReceiptKeyFiles.keyID(key)), .integer(seconds), .integer(seq)]).run()
            receiptAnchorDue = true
            return Receipt(seq: seq, time: time, agentID: agentID, tool: tool, argumentsHash: argumentsHash, resultHash: resultHash,
                           decision: decision, approvalID: approvalID, previousHash: previous, hash: hash)
        }
    }

    /// The owner's explicit acceptance of what `checkReceipts` reports (receipts lost, a key
    /// replaced): one receipt (`reset`, agent 0, the problem's SHA-256 as its arguments) appended,
    /// and the anchor rewritten to start checking from it, with every receipt before it frozen as
    /// it is now (their SHA-256), so they cannot be changed or removed later either.
    /// - Returns: the problem accepted, or nil when the chain was intact (nothing is written).
    /// - Throws: `TaskStoreError.receiptKey` when the key or anchor cannot be read or written.
    public func acceptReceiptReset() throws -> ReceiptCheck.Problem? {
        guard let problem = try checkReceipts().problem else { return nil }
        let receipt = try appendReceipt(agentID: 0, tool: "receipts_accept_reset", argumentsHash: SHA256.hex(problem.sentence),
                                        resultHash: SHA256.hex("accepted by the owner"), decision: "reset", approvalID: nil)
        let key = try receiptSigningKey()
        try receiptFiles.locked {
            let anchor = try read {
                let last = try db.prepare("SELECT seq, hash FROM receipts ORDER BY seq DESC LIMIT 1").bind([]).first { ($0.int64(0), $0.string(1)) }
                let first = try db.scalar("SELECT min(seq) FROM receipts WHERE hash LIKE '\(Receipt.keyedPrefix)%'") ?? receipt.seq
                return ReceiptAnchor(first: first, count: try db.scalar("SELECT count(*) FROM receipts") ?? 0, seq: last?.0 ?? receipt.seq,
                                     hash: last?.1 ?? receipt.hash, base: receipt.seq, baseDigest: try receiptsDigest(before: receipt.seq))
            }
            try receiptFiles.save(anchor, key: key)
        }
        return problem
    }

    /// SHA-256 over the number and MAC of every receipt before `seq`, in order.
    private func receiptsDigest(before seq: Int64) throws -> String {
        var hash = SHA256()
        let rows = try db.prepare("SELECT seq, hash FROM receipts WHERE seq < ? ORDER BY seq").bind([.integer(seq)])
        while try rows.step() { hash.update(Array("\(rows.int64(0)):\(rows.string(1))\n".utf8)) }
        return hash.finish()
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
    /// from the anchor's first keyed receipt on, the chain reaching the anchor's receipt with its MAC
    /// and at least the anchor's count, and no other receipts key ever recorded in the database.
    /// Receipts before the owner's last `acceptReceiptReset` are checked as one frozen digest.
    /// - Throws: `TaskStoreError.receiptKey` when the key or anchor cannot be read.
    public func checkReceipts() throws -> ReceiptCheck {
        let key = try receiptVerifyingKey()
        let anchor = try key.map { try receiptFiles.anchor(key: $0) }
        let recorded: ReceiptAnchor? = if case .present(let value)? = anchor { value } else { nil }
        let base = recorded?.base ?? 0
        return try read {
            var check = ReceiptCheck(count: 0, unkeyed: 0, problem: nil)
            func failing(_ seq: Int64, _ sentence: String) -> ReceiptCheck {
                check.problem = ReceiptCheck.Problem(seq: seq, sentence: sentence + Self.acceptHint)
                return check
            }
            let currentKeyID = key.map(ReceiptKeyFiles.keyID)
            let keys = try db.prepare("SELECT key_id, first_seq FROM receipt_keys ORDER BY first_seq").bind([]).rows { ($0.string(0), $0.int64(1)) }
            let keyFrom = keys.first { $0.0 == currentKeyID }?.1
            if base > 0 {
                guard try receiptsDigest(before: base) == recorded?.baseDigest else {
                    return failing(base - 1, "receipts before #\(base), where the owner accepted a reset, were changed or removed since")
                }
                check.count = Int(try db.scalar("SELECT count(*) FROM receipts WHERE seq < ?", [.integer(base)]) ?? 0)
            }
            let statement = try db.prepare(
                "SELECT seq, ts, agent_id, tool, arguments_sha256, result_sha256, decision, approval_id, prev_hash, hash FROM receipts WHERE seq >= ? ORDER BY seq")
                .bind([.integer(base)])
            var previous = Receipt.genesis
            var expected: Int64 = base > 0 ? base : 1
            var firstKeyed: Int64? = base > 0 ? recorded?.first : nil
            while try statement.step() {
                let receipt = Self.receipt(statement)
                let seq = receipt.seq
                if seq > expected {
                    let missing = expected == seq - 1 ? "receipt #\(expected) is" : "receipts #\(expected)–#\(seq - 1) are"
                    return failing(expected, expected == 1
                        ? "\(missing) missing: the chain starts at #\(seq) (the table was emptied or its start deleted)"
                        : "\(missing) missing: the chain jumps from #\(expected - 1) to #\(seq)")
                }
                if seq < expected { return failing(seq, "receipt #\(seq) is out of order: #\(expected) was expected") }
                if seq != base && receipt.previousHash != previous {
                    return failing(seq, "receipt #\(seq) does not link to the one before: it or #\(seq - 1) was changed after it was written")
                }
                if receipt.isKeyed {
                    guard let key else {
                        return failing(seq, "receipt #\(seq) is keyed, but the receipts key \(receiptFiles.keyPath) is missing; restore it to check the chain")
                    }
                    guard SHA256.constantTimeEqual(receipt.hash, receipt.expectedMAC(key: key)) else {
                        if let keyFrom, seq < keyFrom {
                            return failing(seq, "receipts #\(seq)–#\(keyFrom - 1) were written under an earlier receipts key, not the one in \(receiptFiles.folder) (made at #\(keyFrom)): that folder was replaced; put the old one back")
                        }
                        return failing(seq, "receipt #\(seq) does not match its MAC: it was changed, or written without the receipts key")
                    }
                    firstKeyed = firstKeyed ?? seq
                } else {
                    if let firstKeyed {
                        return failing(seq, "receipt #\(seq) is not keyed, but #\(firstKeyed) before it was: it was added or rewritten without the receipts key")
                    }
                    if let recorded, seq >= recorded.first {
                        return failing(seq, "receipt #\(seq) is not keyed, but the anchor outside the database says keyed receipts start at #\(recorded.first): the chain was rewritten without the receipts key")
                    }
                    guard receipt.hash == receipt.expectedHash else {
                        return failing(seq, "receipt #\(seq) does not match the chain: it or the one before was changed after it was written")
                    }
                    check.unkeyed += 1
                }
                if let recorded, seq == recorded.seq, receipt.hash != recorded.hash {
                    return failing(seq, "receipt #\(seq) is not the one the anchor outside the database recorded: the chain was rewritten from there")
                }
                previous = receipt.hash
                expected += 1
                check.count += 1
            }
            if let recorded, recorded.seq >= expected {
                let missing = expected == recorded.seq ? "receipt #\(expected) is" : "receipts #\(expected)–#\(recorded.seq) are"
                return failing(expected, "\(missing) missing: the anchor outside the database says the chain reaches #\(recorded.seq), the database ends at #\(expected - 1)")
            }
            if let recorded, let count = recorded.count {
                let held = try db.scalar("SELECT count(*) FROM receipts WHERE seq <= ?", [.integer(recorded.seq)]) ?? 0
                if held < count {
                    return failing(recorded.seq, "\(count - held) receipt\(count - held == 1 ? " is" : "s are") missing up to #\(recorded.seq): the anchor outside the database counted \(count), the database holds \(held)")
                }
            }
            if let (_, first) = keys.first(where: { $0.0 != currentKeyID && $0.1 >= base }) {
                return failing(first, "the receipts signed with an earlier receipts key (from #\(first)) can no longer be checked: the folder \(receiptFiles.folder) was replaced or removed (the database recorded that key); put the old folder back")
            }
            switch anchor {
            case .altered?:
                return failing(expected, "receipt #\(expected) and later cannot be vouched for: the receipts anchor \(receiptFiles.anchorPath) does not match the receipts key (it was edited)")
            case .missing? where firstKeyed != nil:
                return failing(expected, "receipt #\(expected) and later cannot be vouched for: the receipts anchor \(receiptFiles.anchorPath) is missing, so receipts at the end may have been removed")
            default:
                return check
            }
        }
    }

    /// How every problem sentence ends: what the owner can do once they have looked.
    public static var receiptAcceptHint: String { acceptHint }
    static let acceptHint = "; once you have looked, `tasker receipts --accept-reset` accepts it (with a receipt)"

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

    /// Moves the anchor to the last receipt, after a transaction that appended one committed, under
    /// the anchor's lock and only forward: the count and head the database holds now, keeping the
    /// first keyed receipt and the owner's accepted reset.
    ///
    /// Never throws: the receipt is committed already. A write that fails leaves the anchor behind
    /// the chain, which only narrows how much of a cut-off end is noticed. An anchor that does not
    /// verify is left as it is, as evidence.
    func moveReceiptAnchor() {
        receiptAnchorDue = false
        guard let key = receiptKey else { return }
        receiptFiles.locked {
            guard let last = try? db.cached("SELECT seq, hash FROM receipts ORDER BY seq DESC LIMIT 1").bind([]).first({ ($0.int64(0), $0.string(1)) }),
                  last.1.hasPrefix(Receipt.keyedPrefix) else { return }
            var anchor = ReceiptAnchor(first: last.0, seq: last.0, hash: last.1)
            switch try? receiptFiles.anchor(key: key) {
            case .present(let recorded):
                if recorded.seq >= last.0 { return }
                anchor.first = recorded.first
                anchor.base = recorded.base
                anchor.baseDigest = recorded.baseDigest
            case .missing:
                anchor.first = (try? db.scalar("SELECT min(seq) FROM receipts WHERE hash LIKE '\(Receipt.keyedPrefix)%'")) ?? last.0
            case .altered, nil:
                return
            }
            anchor.count = try? db.scalar("SELECT count(*) FROM receipts")
            try? receiptFiles.save(anchor, key: key)
        }
    }

    private static func receipt(_ row: Statement) -> Receipt {
        Receipt(seq: row.int64(0), time: row.date(1), agentID: row.int64(2), tool: row.string(3), argumentsHash: row.string(4),
                resultHash: row.string(5), decision: row.string(6), approvalID: row.optionalString(7), previousHash: row.string(8), hash: row.string(9))
    }
}
