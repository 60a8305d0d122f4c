import TaskCore
/// A failed SQLite call: the result code, SQLite's message and the SQL being run.
///
/// Bound values are never kept, so they can never leak into an error message. The store maps this
/// to `TaskStoreError` (`readOnly`, `notADatabase` or `persistence`) before it leaves the module.
struct DatabaseError: Error, Sendable, Equatable {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, …); `primaryCode` is its low byte.
    var code: Int32
    var message: String
    var sql: String?

    var primaryCode: Int32 { code & 0xFF }

    /// True for `SQLITE_BUSY` and `SQLITE_LOCKED`: another connection holds the lock; retrying may help.
    var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

    /// The store's public error for this failure.
    func storeError(path: String) -> TaskStoreError {
        switch primaryCode {
        case 8: return .readOnly(path: path)  // SQLITE_READONLY
        case 26: return .notADatabase(path: path, reason: "damaged or not SQLite")  // SQLITE_NOTADB
        case 14 where sql == nil: return .readOnly(path: path)  // SQLITE_CANTOPEN at open: no access
        default: return .persistence(code: code, message: message, sql: sql)
        }
    }
}
