import Foundation
import TaskCore
internal import CSQLite

/// One prepared SQL statement: bind parameters, step through rows, read columns.
///
/// Owned by its `Database` (which finalizes it) and used only while the database is open.
package final class Statement {
    package let sql: String
    private let handle: OpaquePointer
    private unowned let database: Database

    init(database: Database, sql: String) throws {
        self.database = database
        self.sql = sql
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, 0, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            sqlite3_finalize(stmt)
            throw database.error(code: rc, sql: sql)
        }
        handle = stmt
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and clears its bindings so it can run again.
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Binding

    /// Binds `values` to parameters 1, 2, … in order.
    @discardableResult
    package func bind(_ values: [DatabaseValue]) throws -> Statement {
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
        return self
    }

    /// Binds column `column` of `other`'s current row to the parameter at `index`, as SQLite holds
    /// it (no Swift value made on the way: how a bulk copy moves text from one statement to another).
    package func bind(columnOf other: Statement, _ column: Int32, at index: Int32) throws {
        let rc = sqlite3_bind_value(handle, index, sqlite3_column_value(other.handle, column))
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }

    /// Binds one value to the parameter at `index` (1-based).
    package func bind(_ value: DatabaseValue, at index: Int32) throws {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v): rc = sqlite3_bind_double(handle, index, v)
        case .text(let v):
            // With its byte length, never as a C string: a NUL inside the text is stored, not an end.
            var text = v
            rc = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // A zero-length text still needs a non-null pointer, or SQLite binds NULL.
                    sqlite3_bind_text64(handle, index, chars.baseAddress ?? Statement.emptyText, sqlite3_uint64(chars.count),
                        csqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            rc = bytes.withUnsafeBytes { raw in
                // A zero-length blob still needs a non-null pointer, or SQLite binds NULL.
                sqlite3_bind_blob64(handle, index, raw.baseAddress ?? UnsafeRawPointer(Statement.emptyText), sqlite3_uint64(raw.count), csqlite_transient())
            }
        }
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }

    /// Binds one value to the named parameter (`:name`).
    package func bind(_ value: DatabaseValue, name: String) throws {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw DatabaseError(code: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
        }
        try bind(value, at: index)
    }

    /// The pointer bound for an empty string (any valid address; zero bytes are read from it).
    nonisolated(unsafe) private static let emptyText: UnsafePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        p.pointee = 0
        return UnsafePointer(p)
    }()

    // MARK: Stepping

    /// Advances to the next row; false when there are no more rows.
    package func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code: rc, sql: sql)
        }
    }

    /// Runs the statement to completion, ignoring any rows.
    package func run() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Runs the statement and maps every row.
    package func rows<T>(_ map: (Statement) throws -> T) throws -> [T] {
        defer { sqlite3_reset(handle) }
        var result: [T] = []
        while try step() { result.append(try map(self)) }
        return result
    }

    /// Runs the statement and maps the first row, if any.
    package func first<T>(_ map: (Statement) throws -> T) throws -> T? {
        defer { sqlite3_reset(handle) }
        return try step() ? try map(self) : nil
    }

    // MARK: Columns (0-based)

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    /// How many columns a row of this statement has.
    package var columnCount: Int32 { sqlite3_column_count(handle) }
    /// The name of a result column (its `AS` name, else the column's own).
    package func columnName(_ column: Int32) -> String { sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "" }
    /// The column's storage class and bytes, so two values of different types never read the same.
    package func typedBytes(_ column: Int32) -> [UInt8] { [UInt8(truncatingIfNeeded: sqlite3_column_type(handle, column))] + bytes(column) }
    /// Column `column` as SQLite holds it, in its own type (integer, real, text, blob or null).
    package func value(_ column: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(int64(column))
        case SQLITE_FLOAT: .real(double(column))
        case SQLITE_TEXT: .text(string(column))
        case SQLITE_BLOB: .blob(bytes(column))
        default: .null
        }
    }

    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    package func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    package func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }

    /// Whether the column holds a BLOB (how a sealed value is told from clear text).
    package func isBlob(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_BLOB }
    package func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_INTEGER }

    /// The column's bytes (a BLOB's, or a text's UTF-8).
    package func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
    package func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
    package func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    /// A Unix-seconds column as a date.
    package func date(_ column: Int32) -> Date { Date(timeIntervalSince1970: TimeInterval(int64(column))) }
    package func optionalDate(_ column: Int32) -> Date? { isNull(column) ? nil : date(column) }
}
