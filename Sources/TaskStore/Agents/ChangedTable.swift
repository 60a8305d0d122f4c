import Foundation
import TaskCore

/// One table as `AgentChanges` records and restores its rows: its columns, how a row is named
/// (its rowid, or its primary key in a WITHOUT ROWID table) and its foreign keys, read from the
/// live schema so a column added by a later migration is recorded without a change here.
struct ChangedTable {
    /// A column of this table that refers to a row of another.
    struct ForeignKey {
        var column: String
        var table: String
        /// The referred column; nil for the other table's primary key.
        var target: String?
        var setsNullOnDelete: Bool
    }

    var name: String
    var columns: [String]
    /// The primary-key columns, in key order.
    var primaryKey: [String]
    var hasRowID: Bool
    /// The INTEGER PRIMARY KEY column that is the rowid itself, if any.
    var rowIDColumn: String?
    var foreignKeys: [ForeignKey]

    /// Columns that follow from others or from the clock (`updated`, `title_key`, an undo's
    /// `changed`): restored with the row, never reported as a change someone else made.
    static let bookkeeping: Set<String> = ["updated", "title_key", "changed"]

    /// The table `name` of the main schema.
    /// - Throws: `DatabaseError` when the schema cannot be read.
    static func read(_ name: String, in db: Database) throws -> ChangedTable {
        var columns: [String] = [], keyed: [(Int, String, String)] = []
        let info = try db.prepare("SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid").bind([.text(name)])
        while try info.step() {
            columns.append(info.string(0))
            if info.int(2) > 0 { keyed.append((info.int(2), info.string(0), info.string(1))) }
        }
        let primaryKey = keyed.sorted { $0.0 < $1.0 }.map(\.1)
        let definition = try db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind([.text(name)]).first { $0.string(0) } ?? ""
        let hasRowID = !definition.uppercased().contains("WITHOUT ROWID")
        let rowIDColumn = hasRowID && keyed.count == 1 && keyed[0].2.uppercased() == "INTEGER" ? keyed[0].1 : nil
        let keys = try db.prepare("SELECT \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list(?)").bind([.text(name)]).rows {
            ForeignKey(column: $0.string(1), table: $0.string(0), target: $0.optionalString(2), setsNullOnDelete: $0.string(3) == "SET NULL")
        }
        return ChangedTable(name: name, columns: columns, primaryKey: primaryKey, hasRowID: hasRowID, rowIDColumn: rowIDColumn, foreignKeys: keys)
    }

    /// `"a" = ? AND "b" = ?` naming one row: by rowid, or by the primary key in a WITHOUT ROWID table.
    var rowCondition: String {
        hasRowID ? "rowid = ?" : primaryKey.map { "\"\($0)\" IS ?" }.joined(separator: " AND ")
    }

    /// The values `rowCondition` binds for the row with rowid `rid` and these column values.
    func rowKey(rid: Int64?, _ values: [String: DatabaseValue]) -> [DatabaseValue] {
        hasRowID ? [rid.map(DatabaseValue.integer) ?? .null] : primaryKey.map { values[$0] ?? .null }
    }

    /// The row named by `key` as it is now, column by column; nil when there is none.
    func current(_ key: [DatabaseValue], in db: Database) throws -> [String: DatabaseValue]? {
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        return try db.prepare("SELECT \(list) FROM main.\"\(name)\" WHERE \(rowCondition)").bind(key).first { row in
            Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, row.value(Int32($0))) })
        }
    }
}
