import Foundation
import TaskCore

/// The checks made before a file is handed to SQLite, and the connection settings made after.
///
/// A file that is not SQLite, or that cannot be written, is refused before SQLite touches it, so it
/// is left byte for byte as it was.
enum DatabaseFile {
    /// The 16 bytes every SQLite 3 database starts with.
    static let header: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// Tasker's mark in the SQLite header (`PRAGMA application_id`, offset 68): "TSKR".
    static let applicationID: Int32 = 0x5453_4B52

    /// The tables every Tasker database has had since schema 1: how a file written before the mark
    /// existed is recognised.
    static let schemaOneTables: Set<String> = [
        "lists", "stages", "projects", "tasks", "task_contexts", "spaces", "pages", "page_labels", "page_links",
    ]

    /// - Throws: `TaskStoreError.notADatabase` for something that is not a regular file (a folder, a
    ///   FIFO, a device) or an existing non-empty file without the SQLite header; `.danglingLink` for a
    ///   symbolic link to nothing; `.readOnly` when the file, or the folder that must hold its WAL
    ///   files, is not writable; `.persistence` (SQLITE_CANTOPEN, 14) when the folder does not exist
    ///   (the store never creates folders).
    static func check(path: String) throws {
        let manager = FileManager.default
        var link = stat()
        if lstat(path, &link) == 0 {
            var target = stat()
            guard stat(path, &target) == 0 else {
                let destination = (try? manager.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw TaskStoreError.danglingLink(path: path, target: destination)
            }
            let kind = target.st_mode & S_IFMT
            guard kind == S_IFREG else { throw TaskStoreError.notADatabase(path: path, reason: fileKind(kind)) }
            guard let bytes = firstBytes(of: path, count: header.count) else { throw TaskStoreError.readOnly(path: path) }
            if !bytes.isEmpty && bytes != header { throw TaskStoreError.notADatabase(path: path, reason: "not SQLite") }
            if !isWritable(path) { throw TaskStoreError.readOnly(path: path) }
        }
        let folder = (path as NSString).deletingLastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        var folderInfo = stat()
        guard stat(folderPath, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw TaskStoreError.persistence(
                code: 14, message: "the folder \(folderPath) does not exist; create it or pass another file with --db", sql: nil)
        }
        let walReady = [path + "-wal", path + "-shm"].allSatisfy { var info = stat(); return stat($0, &info) == 0 && isWritable($0) }
        if !walReady && !isWritable(folderPath) { throw TaskStoreError.readOnly(path: path) }
    }

    /// What a file that is not a regular file is, in words.
    static func fileKind(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a regular file"
        }
    }

    /// Writable by this process, and not marked read-only for everyone (`chmod a-w`), which is
    /// respected even when running as root.
    /// (The mode is the path's own, a symbolic link's for a link, as `attributesOfItem` reads it.)
    static func isWritable(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        var info = stat()
        guard lstat(path, &info) == 0 else { return true }
        return info.st_mode & 0o222 != 0
    }

    /// Up to `count` bytes from the start of the file (fewer when it is shorter), or nil when it
    /// cannot be opened for reading.
    static func firstBytes(of path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if n > 0 { filled += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        return Array(bytes[..<filled])
    }

    /// Sets the connection up (foreign keys, WAL, synchronous=NORMAL) and migrates the schema.
    /// - Throws: `TaskStoreError.notTasker` before anything is written to someone else's database;
    ///   `TaskStoreError.schemaTooNew` before anything is written to a newer database;
    ///   `DatabaseError` for SQLite failures.
    static func prepare(_ db: Database, path: String) throws {
        let (found, marked) = try recognise(db, path: path)
        try db.execute("PRAGMA foreign_keys = ON")
        let supported = SchemaMigration.currentVersion
        if found > supported { throw TaskStoreError.schemaTooNew(found: found, supported: supported) }
        try db.retryingBusy { try db.execute("PRAGMA journal_mode = WAL") }
        try db.execute("PRAGMA synchronous = NORMAL")
        // Reads through a memory map and a larger page cache: big scans (planDay) avoid a read() per page.
        try db.execute("PRAGMA mmap_size = 268435456")
        try db.execute("PRAGMA cache_size = -16000")
        if found < supported { try migrate(db) }
        if found > 0 && !marked {
            // A file from before the mark: marked now, so it is recognised without guessing next time.
            try db.retryingBusy { try db.execute("PRAGMA application_id = \(applicationID)") }
        }
    }

    /// Reads, without writing anything, whether the open file is Tasker's: marked with Tasker's
    /// application id, or a new empty database, or an unmarked one from before the mark with schema
    /// 1's tables. Returns its schema version and whether it carries the mark.
    /// - Throws: `TaskStoreError.notTasker` for any other SQLite database.
    static func recognise(_ db: Database, path: String) throws -> (version: Int, marked: Bool) {
        let application = Int32(truncatingIfNeeded: try db.scalar("PRAGMA application_id") ?? 0)
        let version = Int(try db.scalar("PRAGMA user_version") ?? 0)
        if application == applicationID { return (version, true) }
        if application != 0 { throw TaskStoreError.notTasker(path: path, reason: "it belongs to another application") }
        let tables = Set(try db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").rows { $0.string(0) })
        if tables.isEmpty && version == 0 { return (0, false) }
        guard version > 0, schemaOneTables.isSubset(of: tables) else {
            let names = tables.sorted().prefix(3).joined(separator: ", ")
            throw TaskStoreError.notTasker(path: path, reason: "it holds other tables (\(names)\(tables.count > 3 ? ", …" : ""))")
        }
        return (version, false)
    }

    /// Applies each missing migration in its own transaction, re-reading the version inside it so two
    /// processes opening a new file at once migrate it once.
    static func migrate(_ db: Database) throws {
        for (index, migration) in SchemaMigration.all.enumerated() {
            let target = index + 1
            try db.transaction(.immediate) {
                let version = Int(try db.scalar("PRAGMA user_version") ?? 0)
                if version > SchemaMigration.currentVersion {
                    throw TaskStoreError.schemaTooNew(found: version, supported: SchemaMigration.currentVersion)
                }
                guard version == index else { return }
                if version == 0 { try db.execute("PRAGMA application_id = \(applicationID)") }
                try db.execute(migration.sql)
                try db.execute("PRAGMA user_version = \(target)")
            }
        }
    }
}
