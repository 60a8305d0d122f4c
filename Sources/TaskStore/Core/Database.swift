import Foundation
import TaskCore
internal import CSQLite

/// The one SQLite connection of a `TaskStore`: opens the file, runs SQL, caches prepared statements
/// and runs transactions that commit or roll back.
///
/// The only type in Tasker that talks to the SQLite C API (with `Statement`). Closed in `deinit`.
/// Not thread-safe: used from one thread at a time, like the store that owns it.
package final class Database {
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]
    private var transactionDepth = 0

    /// How long a statement waits on another connection's lock before failing with `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 5000

    /// Opens (creating when missing) the database file read-write.
    /// - Throws: `DatabaseError` with the open's result code.
    init(path: String) throws {
        _ = Database.configured
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the database"
            sqlite3_close_v2(db)
            throw DatabaseError(code: rc, message: message, sql: nil)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Database.busyTimeoutMilliseconds)
    }

    /// Process-wide SQLite settings, made once before the first connection opens.
    private static let configured: Void = { _ = csqlite_memstatus_off() }()

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The error for a failed call, with SQLite's current message.
    func error(code: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        let message = String(cString: sqlite3_errmsg(handle))
        return DatabaseError(code: extended & 0xFF == code & 0xFF ? extended : code, message: message, sql: sql)
    }

    /// Runs one or more SQL statements that take no parameters.
    package func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw DatabaseError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// A new prepared statement, finalized when released.
    package func prepare(_ sql: String) throws -> Statement { try Statement(database: self, sql: sql) }

    /// A prepared statement kept for reuse (for hot paths); reset and cleared before it is returned.
    package func cached(_ sql: String) throws -> Statement {
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// Runs a cached statement with `values` bound, ignoring rows.
    package func run(_ sql: String, _ values: [DatabaseValue] = []) throws {
        try cached(sql).bind(values).run()
    }

    /// The first column of the first row as an integer, nil when there is no row or it is NULL.
    package func scalar(_ sql: String, _ values: [DatabaseValue] = []) throws -> Int64? {
        try cached(sql).bind(values).first { $0.optionalInt64(0) } ?? nil
    }

    /// Rows inserted, changed or deleted by this connection since it opened (triggers' included).
    package var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    /// Whether nested `transaction` calls take a savepoint (see `withoutSavepoints`).
    private var savepoints = true

    /// Runs `body` (inside a transaction) with nested transactions joining it without savepoints.
    package func withoutSavepoints<T>(_ body: () throws -> T) throws -> T {
        let saved = savepoints
        savepoints = false
        defer { savepoints = saved }
        return try body()
    }

    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    package var changes: Int { Int(sqlite3_changes(handle)) }
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    package enum TransactionKind: String {
        /// Reads: takes no lock until the first read, sees one consistent snapshot.
        case deferred = "BEGIN DEFERRED"
        /// Writes: takes the write lock at once, so it never fails half-way with a busy snapshot.
        case immediate = "BEGIN IMMEDIATE"
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Nested calls join the outer transaction. `BEGIN` is retried while another connection holds the
    /// lock (beyond the busy timeout). A failed rollback never hides the error that caused it.
    package func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        if transactionDepth > 0 && !savepoints {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body()
        }
        if transactionDepth > 0 {
            // Nested: a savepoint, so a failing inner step undoes only its own changes.
            // Prepared once and kept: `call --batch` takes one savepoint per line.
            let name = "nested\(transactionDepth)"
            try cached("SAVEPOINT \(name)").run()
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            do {
                let result = try body()
                try cached("RELEASE \(name)").run()
                return result
            } catch {
                try? cached("ROLLBACK TO \(name)").run()
                try? cached("RELEASE \(name)").run()
                throw error
            }
        }
        try retryingBusy { try execute(kind.rawValue) }
        transactionDepth = 1
        defer { transactionDepth = 0 }
        let result: T
        do {
            result = try body()
            try retryingBusy { try execute("COMMIT") }
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }

    /// Retries `body` while it fails with `SQLITE_BUSY`/`SQLITE_LOCKED`, until about 30 seconds have
    /// passed in all (each attempt may itself wait out the busy timeout), then lets the error through.
    func retryingBusy<T>(_ body: () throws -> T) throws -> T {
        let deadline = DispatchTime.now().uptimeNanoseconds + 30_000_000_000
        var attempt = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.isBusy && DispatchTime.now().uptimeNanoseconds < deadline {
                attempt += 1
                usleep(UInt32(1000 * min(100, 1 + attempt * 5)))
            }
        }
    }
}
