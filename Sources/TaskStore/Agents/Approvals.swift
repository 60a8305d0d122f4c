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

    /// Stores a new pending request with a fresh `apr_…` id, expiring after `lifetime`.
    public func addApproval(agentID: Int64, tool: String, arguments: String, argumentsHash: String, target: String?, targetModified: Int64? = nil,
                            pins: ApprovalPins = ApprovalPins(), lifetime: TimeInterval) throws -> ApprovalRecord {
        try store.write {
            try expireApprovals()
            let id = "apr_" + Base62.random(count: 12)
            let created = TaskStore.wholeSeconds(store.now)
            try store.db.run(
                """
                INSERT INTO approvals(id, agent_id, tool, arguments, arguments_sha256, target, target_modified, status, created, expires,
                                      target_fingerprint, file_sha256, file_size)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)
                """,
                [.text(id), .integer(agentID), .text(tool),
                 try store.storedValue(arguments, table: "approvals", uuid: id, column: "arguments", kind: "approval requests"), .text(argumentsHash),
                 DatabaseValue(target), DatabaseValue(targetModified), DatabaseValue(created), DatabaseValue(created.addingTimeInterval(lifetime)),
                 DatabaseValue(pins.targetFingerprint), DatabaseValue(pins.fileSHA256), DatabaseValue(pins.fileSize)])
            return try approvalRows("WHERE id = ?", [.text(id)])[0]
        }
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

    /// Records a decision on a pending request: it ran (`executed`/`failed`, with its result), was
    /// rejected, or went stale. - Returns: false when it was no longer pending.
    @discardableResult
    public func decideApproval(id: String, status: ApprovalStatus, reason: String? = nil, result: String? = nil) throws -> Bool {
        try store.write {
            let stored = try result.map { try store.storedValue($0, table: "approvals", uuid: id, column: "result", kind: "approval results") } ?? .null
            try store.db.run("UPDATE approvals SET status = ?, decided = ?, reason = ?, result = ? WHERE id = ? AND status = 'pending'",
                       [.text(status.rawValue), DatabaseValue(TaskStore.wholeSeconds(store.now)), DatabaseValue(reason), stored, .text(id)])
            return store.db.changes == 1
        }
    }

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
        try store.db.run("DELETE FROM approvals WHERE status <> 'pending' AND decided < ?",
                   [DatabaseValue(store.now.addingTimeInterval(-Approvals.decidedApprovalLifetime))])
    }

    private func approvalRows(_ tail: String, _ values: [DatabaseValue]) throws -> [ApprovalRecord] {
        try store.db.prepare(
            """
            SELECT id, agent_id, tool, arguments, arguments_sha256, target, target_modified, status, created, expires, decided, reason, result,
                   target_fingerprint, file_sha256, file_size
            FROM approvals
            """ + " " + tail
        ).bind(values).rows { row in
            let id = row.string(0)
            return ApprovalRecord(
                id: id, agentID: row.int64(1), tool: row.string(2),
                arguments: try store.openedText(row, 3, table: "approvals", uuid: id, column: "arguments", what: "approval request \(id)") ?? "",
                argumentsHash: row.string(4), target: row.optionalString(5), targetModified: row.optionalInt64(6),
                targetFingerprint: row.optionalString(13), fileSHA256: row.optionalString(14), fileSize: row.optionalInt64(15),
                status: ApprovalStatus(rawValue: row.string(7)) ?? .failed, created: row.date(8), expires: row.date(9),
                decided: row.optionalDate(10), reason: row.optionalString(11),
                result: try store.openedText(row, 12, table: "approvals", uuid: id, column: "result", what: "approval request \(id)'s result"))
        }
    }
}
