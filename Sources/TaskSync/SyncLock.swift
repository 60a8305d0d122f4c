import Foundation

/// One sync at a time per database, across threads and processes (`tasker sync`, `/sync`, the chat's
/// and every MCP server's background sync): an exclusive `flock` on `<database>.sync-lock`.
///
/// Each use opens its own descriptor, so two threads of one process exclude each other as two
/// processes do; the kernel drops the lock when its holder dies (a kill -9 mid-sync leaves none behind).
public struct SyncLock: Sendable {
    public let path: String

    public init(databasePath: String) {
        path = databasePath + ".sync-lock"
    }

    /// Runs `body` holding the lock, waiting up to `wait` seconds for another sync to finish.
    /// - Returns: what `body` returned, or nil when another sync still held the lock after `wait`.
    /// - Throws: what `body` threw; `SyncError.store` when the lock file cannot be opened.
    public func run<T>(waitingUpTo wait: Double, _ body: () throws -> T) throws -> T? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw SyncError.store(detail: "cannot open the sync lock \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let deadline = Date().addingTimeInterval(wait)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw SyncError.store(detail: "cannot lock \(path): \(String(cString: strerror(errno)))")
            }
            guard Date() < deadline else { return nil }
            usleep(50_000)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
