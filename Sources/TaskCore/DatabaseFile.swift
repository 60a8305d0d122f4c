import Foundation

/// The checks made before a file is handed to SQLite, and the connection settings made after.
///
/// A file that is not SQLite, or that cannot be written, is refused before SQLite touches it, so it
/// is left byte for byte as it was.
enum DatabaseFile {
    /// The 16 bytes every SQLite 3 database starts with.
    static let header: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// - Throws: `TaskStoreError.notADatabase` for an existing non-empty file without the SQLite
    ///   header; `.readOnly` when the file, or the folder that must hold its WAL files, is not writable;
    ///   `.persistence` (SQLITE_CANTOPEN, 14) when the folder does not exist (the store never creates folders).
    static func check(path: String) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw TaskStoreError.notADatabase(path: path) }
            guard let handle = FileHandle(forReadingAtPath: path) else { throw TaskStoreError.readOnly(path: path) }
            let bytes = (try? handle.read(upToCount: 16)) ?? Data()
            try? handle.close()
            if !bytes.isEmpty && Array(bytes) != header { throw TaskStoreError.notADatabase(path: path) }
            if !isWritable(path) { throw TaskStoreError.readOnly(path: path) }
        }
        let folder = (path as NSString).deletingLastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        guard manager.fileExists(atPath: folderPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TaskStoreError.persistence(
                code: 14, message: "the folder \(folderPath) does not exist; create it or pass another file with --db", sql: nil)
        }
        let walReady = [path + "-wal", path + "-shm"].allSatisfy { manager.fileExists(atPath: $0) && isWritable($0) }
        if !walReady && !isWritable(folderPath) { throw TaskStoreError.readOnly(path: path) }
    }

    /// Writable by this process, and not marked read-only for everyone (`chmod a-w`), which is
    /// respected even when running as root.
    static func isWritable(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = attributes[.posixPermissions] as? NSNumber
        else { return true }
        return mode.intValue & 0o222 != 0
    }

    /// Sets the connection up (foreign keys, WAL, synchronous=NORMAL) and migrates the schema.
    /// - Throws: `TaskStoreError.schemaTooNew` before anything is written to a newer database;
    ///   `DatabaseError` for SQLite failures.
    static func prepare(_ db: Database, path: String) throws {
        try db.execute("PRAGMA foreign_keys = ON")
        let found = Int(try db.scalar("PRAGMA user_version") ?? 0)
        let supported = SchemaMigration.currentVersion
        if found > supported { throw TaskStoreError.schemaTooNew(found: found, supported: supported) }
        try db.retryingBusy { try db.execute("PRAGMA journal_mode = WAL") }
        try db.execute("PRAGMA synchronous = NORMAL")
        // Reads through a memory map and a larger page cache: big scans (planDay) avoid a read() per page.
        try db.execute("PRAGMA mmap_size = 268435456")
        try db.execute("PRAGMA cache_size = -16000")
        if found < supported { try migrate(db) }
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
                try db.execute(migration.sql)
                try db.execute("PRAGMA user_version = \(target)")
            }
        }
    }
}
