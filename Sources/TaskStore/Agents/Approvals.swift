import Foundation
import TaskCore

/// Requests an agent made that wait for a person. Only the command line and the chat decide them.
/// With sealing on, their arguments and results are sealed like notes (bound to `approvals`, the
/// request id and the column); decided requests are deleted after 30 days (their receipts stay).
/// A repository over the store's connection, `Approvals(store)`.
public struct Approvals {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// The pending request with these arguments, so an identical one is not stored twice.
    public func pendingApproval(agentID: Int64, tool: String, argumentsHash: String) throws -> ApprovalRecord? {
        try store.read {
            try approvalRows("WHERE agent_id = ? AND tool = ? AND arguments_sha256 = ? AND status = 'pending' AND expires > ?",
                             [.integer(agentID), .text(tool), .text(argumentsHash), DatabaseValue(store.now)]).first
        }
    }

    /// Stores a new pending request with a fresh `apr_…` id, expiring after `lifetime`, with the
    /// MAC of the call under the receipts key (made on first use), checked before it runs.
    /// - Throws: `TaskStoreError.receiptKey` when the key cannot be read or made (nothing is stored).
    public func addApproval(agentID: Int64, tool: String, arguments: String, argumentsHash: String, target: String?, targetModified: Int64? = nil,
                            pins: ApprovalPins = ApprovalPins(), lifetime: TimeInterval) throws -> ApprovalRecord {
        try store.write {
            try expireApprovals()
            let id = "apr_" + Base62.random(count: 12)
            let created = TaskStore.wholeSeconds(store.now)
            var record = ApprovalRecord(
                id: id, agentID: agentID, tool: tool, arguments: arguments, argumentsHash: argumentsHash, target: target, targetModified: targetModified,
                targetFingerprint: pins.targetFingerprint, fileSHA256: pins.fileSHA256, fileSize: pins.fileSize, status: .pending,
                created: created, expires: created.addingTimeInterval(lifetime), decided: nil, reason: nil, result: nil)
            record.argumentsMAC = Self.mac(of: record, key: try store.receiptSigningKey())
            try store.db.run(
                """
                INSERT INTO approvals(id, agent_id, tool, arguments, arguments_sha256, target, target_modified, status, created, expires,
                                      target_fingerprint, file_sha256, file_size, arguments_mac)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?)
                """,
                [.text(id), .integer(agentID), .text(tool),
                 try store.storedValue(arguments, table: "approvals", uuid: id, column: "arguments", kind: "approval requests"), .text(argumentsHash),
                 DatabaseValue(target), DatabaseValue(targetModified), DatabaseValue(created), DatabaseValue(record.expires),
                 DatabaseValue(pins.targetFingerprint), DatabaseValue(pins.fileSHA256), DatabaseValue(pins.fileSize), DatabaseValue(record.argumentsMAC)])
            return try approvalRows("WHERE id = ?", [.text(id)])[0]
        }
    }

    /// Whether a request's stored call is the one the agent made: its MAC under the receipts key
    /// (outside the database) holds over the id, agent, tool, the exact argument text and its hash,
    /// the target and its pins, and the request's times. False for a request without a MAC (stored
    /// before schema v18) or when the key is gone.
    /// - Throws: `TaskStoreError.receiptKey` when the key file cannot be read.
    public func argumentsHold(_ request: ApprovalRecord) throws -> Bool {
        guard let stored = request.argumentsMAC, let key = try store.receiptVerifyingKey() else { return false }
        return SHA256.constantTimeEqual(stored, Self.mac(of: request, key: key))
    }

    /// HMAC-SHA-256 over the request's fields, each length-prefixed (no two requests read the same).
    static func mac(of request: ApprovalRecord, key: [UInt8]) -> String {
        let fields: [String] = [
            request.id, String(request.agentID), request.tool, request.arguments, request.argumentsHash, request.target ?? "\u{0}",
            request.targetModified.map { String($0) } ?? "\u{0}", request.targetFingerprint ?? "\u{0}", request.fileSHA256 ?? "\u{0}",
            request.fileSize.map { String($0) } ?? "\u{0}", String(Int64(request.created.timeIntervalSince1970)),
            String(Int64(request.expires.timeIntervalSince1970)),
        ]
        var message = Array("tasker-approval-v1".utf8)
        for field in fields {
            let bytes = Array(field.utf8)
            message += Array("|\(bytes.count):".utf8) + bytes
        }
        return HMACSHA256.hex(key: key, message: message)
    }

    public func approval(id: String) throws -> ApprovalRecord? {
        try store.write {
            try expireApprovals()
            return try approvalRows("WHERE id = ?", [.text(id)]).first
        }
    }

    /// Requests, oldest first; only those in `status` when given. Pending ones past their expiry are
    /// marked expired first.
    public func approvals(status: ApprovalStatus? = nil) throws -> [ApprovalRecord] {
        try store.write {
            try expireApprovals()
            if let status { return try approvalRows("WHERE status = ? ORDER BY created, id", [.text(status.rawValue)]) }
            return try approvalRows("ORDER BY created, id", [])
        }
    }

    /// How many requests wait (for the chat's notice).
    public func pendingApprovalCount() throws -> Int {
        try store.read { Int(try store.db.scalar("SELECT count(*) FROM approvals WHERE status = 'pending' AND expires > ?", [DatabaseValue(store.now)]) ?? 0) }
    }

    /// How long a request may stay `deciding` before it counts as interrupted (its decider died between
    /// claiming it and finishing; nothing that run did was kept) and may be decided again.
    public static let interruptedAfter: TimeInterval = 60

    /// Records a decision on a pending request, or on one left `deciding` by a decider that died: it
    /// was rejected, withdrawn, or went stale without a run. - Returns: false when it was decided already.
    @discardableResult
    public func decideApproval(id: String, status: ApprovalStatus, by decider: String? = nil, reason: String? = nil, result: String? = nil) throws -> Bool {
        try store.write {
            try expireApprovals()
            let stored = try result.map { try store.storedValue($0, table: "approvals", uuid: id, column: "result", kind: "approval results") } ?? .null
            try store.db.run(
                "UPDATE approvals SET status = ?, decided = ?, decided_by = ?, decision_token = NULL, reason = ?, result = ? WHERE id = ? AND " + Self.undecided,
                [.text(status.rawValue), DatabaseValue(TaskStore.wholeSeconds(store.now)), DatabaseValue(decider), DatabaseValue(reason), stored, .text(id),
                 DatabaseValue(interruptedBefore)])
            return store.db.changes == 1
        }
    }

    /// Claims a request for one decider, the compare-and-set every approval starts with: `pending` (or
    /// `deciding` by a decider that died, see `interruptedAfter`) becomes `deciding`, recording who
    /// and `token`, in one transaction. Only the claim's holder may finish it (`finishDecision`).
    /// - Returns: the request as claimed, or nil when it was not there to claim (decided, being
    ///   decided, expired, or unknown: `approval(id:)` says which).
    public func claim(id: String, by decider: String, token: String) throws -> ApprovalRecord? {
        try store.write {
            try expireApprovals()
            try store.db.run(
                "UPDATE approvals SET status = 'deciding', decided = ?, decided_by = ?, decision_token = ? WHERE id = ? AND " + Self.undecided,
                [DatabaseValue(TaskStore.wholeSeconds(store.now)), .text(decider), .text(token), .text(id), DatabaseValue(interruptedBefore)])
            guard store.db.changes == 1 else { return nil }
            return try approvalRows("WHERE id = ?", [.text(id)]).first
        }
    }

    /// Ends a claimed decision (`executed`, `failed`, `stale`) when `token` still holds the claim,
    /// in the caller's transaction, so the call's own writes and this state commit together or not
    /// at all. - Returns: false when the claim was lost (another decider took over an interrupted
    /// one): the caller must roll back.
    public func finishDecision(id: String, token: String, status: ApprovalStatus, reason: String? = nil, result: String? = nil) throws -> Bool {
        try store.write {
            let stored = try result.map { try store.storedValue($0, table: "approvals", uuid: id, column: "result", kind: "approval results") } ?? .null
            try store.db.run(
                "UPDATE approvals SET status = ?, decided = ?, reason = ?, result = ? WHERE id = ? AND status = 'deciding' AND decision_token = ?",
                [.text(status.rawValue), DatabaseValue(TaskStore.wholeSeconds(store.now)), DatabaseValue(reason), stored, .text(id), .text(token)])
            return store.db.changes == 1
        }
    }

    /// Gives a claim back (`deciding → pending`) when its run failed before anything was kept (the
    /// database or the receipts key failed, and the run's transaction rolled back), so the owner can
    /// approve it again at once. - Returns: false when `token` no longer held the claim.
    @discardableResult
    public func release(id: String, token: String) throws -> Bool {
        try store.write {
            try store.db.run("UPDATE approvals SET status = 'pending', decided = NULL, decided_by = NULL, decision_token = NULL WHERE id = ? AND status = 'deciding' AND decision_token = ?",
                             [.text(id), .text(token)])
            return store.db.changes == 1
        }
    }

    /// Pending, or left `deciding` since before `?` (the last bound value).
    private static let undecided = "(status = 'pending' OR (status = 'deciding' AND decided <= ?))"

    private var interruptedBefore: Date { TaskStore.wholeSeconds(store.now).addingTimeInterval(-Self.interruptedAfter) }

    /// SHA-256 over every column of these tasks' rows and their contexts, in the order given: any
    /// change to one of them (in the same second too) gives another fingerprint; a deleted one too.
    public func fingerprint(of tasks: [TaskID]) throws -> String {
        try store.read {
            var hash = SHA256()
            for id in tasks {
                hash.update(Array("task \(id.rawValue)\n".utf8))
                let row = try store.db.prepare("SELECT * FROM tasks WHERE id = ?").bind([.integer(id.rawValue)])
                if try row.step() {
                    for column in 0..<row.columnCount {
                        let value = row.typedBytes(column)
                        hash.update(Array("\(column):\(value.count):".utf8) + value)
                    }
                }
                row.reset()
                let contexts = try store.db.cached("SELECT context FROM task_contexts WHERE task_id = ? ORDER BY context").bind([.integer(id.rawValue)])
                    .rows { $0.string(0) }
                hash.update(Array(("contexts:" + contexts.joined(separator: "\u{1F}") + "\n").utf8))
            }
            return hash.finish()
        }
    }

    /// How long a decided request is kept (its receipts stay for good).
    public static let decidedApprovalLifetime: TimeInterval = 30 * 86_400

    /// Marks pending requests past their expiry expired, and deletes requests decided more than
    /// `decidedApprovalLifetime` ago (with the arguments and results they held).
    private func expireApprovals() throws {
        try store.db.run("UPDATE approvals SET status = 'expired', decided = expires WHERE status = 'pending' AND expires <= ?", [DatabaseValue(store.now)])
        try store.db.run("DELETE FROM approvals WHERE status NOT IN ('pending', 'deciding') AND decided < ?",
                   [DatabaseValue(store.now.addingTimeInterval(-Approvals.decidedApprovalLifetime))])
    }

    private func approvalRows(_ tail: String, _ values: [DatabaseValue]) throws -> [ApprovalRecord] {
        try store.db.prepare(
            """
            SELECT id, agent_id, tool, arguments, arguments_sha256, target, target_modified, status, created, expires, decided, reason, result,
                   target_fingerprint, file_sha256, file_size, arguments_mac, decided_by, decision_token
            FROM approvals
            """ + " " + tail
        ).bind(values).rows { row in
            let id = row.string(0)
            var record = ApprovalRecord(
                id: id, agentID: row.int64(1), tool: row.string(2),
                arguments: try store.openedText(row, 3, table: "approvals", uuid: id, column: "arguments", what: "approval request \(id)") ?? "",
                argumentsHash: row.string(4), target: row.optionalString(5), targetModified: row.optionalInt64(6),
                targetFingerprint: row.optionalString(13), fileSHA256: row.optionalString(14), fileSize: row.optionalInt64(15),
                status: ApprovalStatus(rawValue: row.string(7)) ?? .failed, created: row.date(8), expires: row.date(9),
                decided: row.optionalDate(10), reason: row.optionalString(11),
                result: try store.openedText(row, 12, table: "approvals", uuid: id, column: "result", what: "approval request \(id)'s result"))
            record.argumentsMAC = row.optionalString(16)
            record.decidedBy = row.optionalString(17)
            record.decisionToken = row.optionalString(18)
            return record
        }
    }
}
