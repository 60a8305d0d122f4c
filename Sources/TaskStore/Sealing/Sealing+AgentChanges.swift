import Foundation
import TaskCore

extension Sealing {
    /// Rewrites the values `agent_changes` keeps of sealed columns (page bodies, task and project
    /// notes, attachment keys: a note as it was before an agent's edit) whose SQLite type is `type`
    /// with what `transform` makes of them, so that `crypto enable` leaves no clear text there and a
    /// rotation no value under the old key. Each value is sealed as the row's own (`tasks:<uuid>:notes`),
    /// so an undo that writes it back puts a value the row opens. The row's UUID is the one recorded
    /// with its changes, else the row's own; a value whose row has neither is cleared (its undo can no
    /// longer put it back).
    /// - Returns: how many values were rewritten or cleared.
    func rewriteAgentChanges(ofType type: String, _ transform: (SealedColumn, String, DatabaseValue) throws -> [UInt8]) throws -> Int {
        var count = 0
        for c in Sealing.sealedColumns where c.key == ["id"] && c.identity == "uuid" && AgentChanges.tracked.contains(c.table) {
            let rows = try store.db.prepare(
                """
                SELECT a.id, coalesce(
                        (SELECT coalesce(x.new, x.old) FROM agent_changes x WHERE x.tbl = a.tbl AND x.rid = a.rid AND x.col = 'uuid' ORDER BY x.id DESC LIMIT 1),
                        (SELECT uuid FROM \(c.table) WHERE id = a.rid)),
                    a.old, a.new
                FROM agent_changes a WHERE a.tbl = ? AND a.col = ? AND (typeof(a.old) = ? OR typeof(a.new) = ?)
                """
            ).bind([.text(c.table), .text(c.column), .text(type), .text(type)]).rows { s in
                (s.int64(0), s.isNull(1) ? nil : s.string(1), Self.value(s, 2), Self.value(s, 3))
            }
            for (id, uuid, old, new) in rows {
                func rewritten(_ value: DatabaseValue) throws -> DatabaseValue {
                    guard value.sqliteType == type else { return value }
                    guard let uuid else { return .null }
                    return .blob(try transform(c, uuid, value))
                }
                try store.db.run("UPDATE agent_changes SET old = ?, new = ? WHERE id = ?", [try rewritten(old), try rewritten(new), .integer(id)])
                count += [old, new].filter { $0.sqliteType == type }.count
            }
        }
        return count
    }

    /// `transform` made to give equal bytes for equal values of one row's column: a note as the task
    /// holds it and as `agent_changes` recorded it (new, then old of the next change) stay byte for
    /// byte the same after sealing or a rotation, which is how an undo tells they were not changed since.
    /// Sealing one value once and using it twice reveals nothing the copies did not already share.
    static func memoized(
        _ transform: @escaping (SealedColumn, String, DatabaseValue) throws -> [UInt8]
    ) -> (SealedColumn, String, DatabaseValue) throws -> [UInt8] {
        final class Made { var bytes: [Key: [UInt8]] = [:] }
        struct Key: Hashable {
            var row: String
            var value: DatabaseValue
        }
        let made = Made()
        return { c, uuid, value in
            let key = Key(row: "\(c.table):\(uuid):\(c.column)", value: value)
            if let bytes = made.bytes[key] { return bytes }
            let bytes = try transform(c, uuid, value)
            made.bytes[key] = bytes
            return bytes
        }
    }

    private static func value(_ s: Statement, _ column: Int32) -> DatabaseValue {
        if s.isNull(column) { return .null }
        return s.isBlob(column) ? .blob(s.bytes(column)) : .text(s.string(column))
    }
}

extension DatabaseValue {
    /// SQLite's name for this value's type, as `typeof()` gives it ('text', 'blob', …).
    fileprivate var sqliteType: String {
        switch self {
        case .null: return "null"
        case .integer: return "integer"
        case .real: return "real"
        case .text: return "text"
        case .blob: return "blob"
        }
    }
}
