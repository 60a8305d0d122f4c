import Foundation
import TaskCore

/// Receipts: one per agent call, appended to a hash chain. The table refuses UPDATE and DELETE;
/// `verifyReceipts` finds a row changed behind its back (triggers dropped first).
extension TaskStore {
    /// Appends a receipt after the last one, in the caller's transaction when there is one.
    @discardableResult
    public func appendReceipt(agentID: Int64, tool: String, argumentsHash: String, resultHash: String, decision: String,
                              approvalID: String?) throws -> Receipt {
        try write {
            let last = try db.cached("SELECT seq, hash FROM receipts ORDER BY seq DESC LIMIT 1").bind([]).first { ($0.int64(0), $0.string(1)) }
            let seq = (last?.0 ?? 0) + 1
            let previous = last?.1 ?? Receipt.genesis
            let time = TaskStore.wholeSeconds(now)
            let seconds = Int64(time.timeIntervalSince1970)
            let hash = Receipt.hash(seq: seq, time: seconds, agentID: agentID, tool: tool, argumentsHash: argumentsHash, resultHash: resultHash,
                                    decision: decision, approvalID: approvalID, previousHash: previous)
            try db.run(
                """
                INSERT INTO receipts(seq, ts, agent_id, tool, arguments_sha256, result_sha256, decision, approval_id, prev_hash, hash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.integer(seq), .integer(seconds), .integer(agentID), .text(tool), .text(argumentsHash), .text(resultHash), .text(decision),
                 DatabaseValue(approvalID), .text(previous), .text(hash)])
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

    /// Walks the whole chain; the sequence number of the first receipt whose hash, link or number
    /// does not hold, or nil when all do.
    public func verifyReceipts() throws -> Int64? {
        try read {
            let statement = try db.prepare(
                "SELECT seq, ts, agent_id, tool, arguments_sha256, result_sha256, decision, approval_id, prev_hash, hash FROM receipts ORDER BY seq")
            var previous = Receipt.genesis
            var expectedSeq: Int64 = 1
            while try statement.step() {
                let receipt = Self.receipt(statement)
                if receipt.seq != expectedSeq || receipt.previousHash != previous || receipt.expectedHash != receipt.hash {
                    return receipt.seq
                }
                previous = receipt.hash
                expectedSeq += 1
            }
            return nil
        }
    }

    private static func receipt(_ row: Statement) -> Receipt {
        Receipt(seq: row.int64(0), time: row.date(1), agentID: row.int64(2), tool: row.string(3), argumentsHash: row.string(4),
                resultHash: row.string(5), decision: row.string(6), approvalID: row.optionalString(7), previousHash: row.string(8), hash: row.string(9))
    }
}
