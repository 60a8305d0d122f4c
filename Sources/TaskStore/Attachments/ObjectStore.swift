import Foundation
import TaskCore

#if canImport(Glibc)
import Glibc
#endif

/// Attachment bytes outside the database: a content-addressed folder where each object is a file
/// named by the SHA-256 of its content, `objects/ab/<sha256>` (`ab` its first two digits).
///
/// Writing copies into `objects/tmp/` while hashing, makes the file read-only, fsyncs it, renames it
/// into place and fsyncs the folder, so a crash leaves either no object or a whole one; the same
/// content is stored once. Which objects are still wanted is the database's business (the
/// `attachments` table counts references); `Attachments.collectGarbage` removes the rest under
/// this store's exclusive lock, while attaching holds a shared one, so a collection never removes
/// an object between its copy and the row that references it.
public final class ObjectStore: Sendable {
    /// The folder (`$XDG_DATA_HOME/tasker/objects` for the default database).
    public let directory: String
    /// The largest object accepted, in bytes.
    public let maxBytes: Int64
    /// How content is stored: plain for the store itself; `through(_:)` gives a view with an
    /// encrypted object's codec.
    public let codec: any ObjectCodec
    /// Whether `attach_file` encrypts when not told (config `attachments.encrypt`).
    public let encryptByDefault: Bool

    /// 100 MiB.
    public static let defaultMaxBytes: Int64 = 100 << 20

    public init(directory: String, maxBytes: Int64 = ObjectStore.defaultMaxBytes, codec: any ObjectCodec = PlainCodec(), encryptByDefault: Bool = false) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.codec = codec
        self.encryptByDefault = encryptByDefault
    }

    /// The same folder seen through another codec (an encrypted object's, with its key).
    public func through(_ codec: any ObjectCodec) -> ObjectStore {
        ObjectStore(directory: directory, maxBytes: maxBytes, codec: codec, encryptByDefault: encryptByDefault)
    }

    /// The object folder that belongs to the database at `path`: `objects/` beside a database named
    /// `tasker.sqlite` (so `$XDG_DATA_HOME/tasker/objects` for the default one), `NAME.objects/`
    /// beside any other database file NAME. One folder per database, so collecting garbage for one
    /// never removes another's objects.
    public static func directory(forDatabase path: String) -> String {
        TaskStore.folder("objects", besideDatabase: path)
    }

    /// The folder and the name of a plain absolute path (`/a/b/name`: no empty, `.` or `..`
    /// component, no trailing slash), split at its last slash: what `URL` reads it as, without the
    /// ~0.4 M instructions `URL` costs (every `tasker call` opens the object store). Nil otherwise.
    static func plainSplit(_ path: String) -> (folder: String, name: String)? {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/"), let last = bytes.lastIndex(of: UInt8(ascii: "/")), last > 0, last < bytes.count - 1 else { return nil }
        var start = 1
        for i in 1...bytes.count {
            guard i == bytes.count || bytes[i] == UInt8(ascii: "/") else { continue }
            let component = bytes[start..<i]
            if component.isEmpty || component.elementsEqual([UInt8(ascii: ".")]) || component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { return nil }
            start = i + 1
        }
        return (String(decoding: bytes[..<last], as: UTF8.self), String(decoding: bytes[(last + 1)...], as: UTF8.self))
    }

    /// Where the object with this hash is (or would be) stored.
    public func path(of sha256: String, suffix: String? = nil) -> String {
        directory + "/" + String(sha256.prefix(2)) + "/" + sha256 + (suffix ?? codec.fileSuffix)
    }

    var temporaryDirectory: String { directory + "/tmp" }

    /// One object as stored: its hash, its content's size, and whether this call wrote it.
    public struct Stored: Sendable, Hashable {
        public var sha256: String
        public var size: Int64
        public var isNew: Bool
    }

    // MARK: Writing

    /// Copies the file at `path` in. - Throws: `TaskStoreError.attachmentIngestFailed` with the
    /// reason (no such file, not a regular file, larger than `maxBytes`, a read or write error).
    public func ingest(file path: String) throws -> Stored {
        func failed(_ reason: String) -> TaskStoreError { .attachmentIngestFailed(path: path, reason: reason) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failed(Self.errnoText(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failed(Self.errnoText(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw failed((info.st_mode & S_IFMT) == S_IFDIR ? "it is a folder; attach the files inside it one by one" : "it is not a regular file")
        }
        guard Int64(info.st_size) <= maxBytes else { throw failed(tooLarge(Int64(info.st_size))) }
        let staged = try stage(source: path) { buffer in
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n < 0 { throw failed("reading it failed: " + Self.errnoText(errno)) }
            return n
        }
        return try commit(staged)
    }

    /// Copies content pulled from `read` into a temporary file, hashing it; nothing is visible in
    /// the store until `commit`. `expected` (a bundle's manifest hash) is checked at the end.
    /// - Throws: `TaskStoreError.attachmentIngestFailed` naming `source`: more than `maxBytes`,
    ///   a hash that is not `expected`, a read or write error.
    public func stage(source: String, expected: String? = nil, read: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> StagedObject {
        func failed(_ reason: String) -> TaskStoreError { .attachmentIngestFailed(path: source, reason: reason) }
        try makeFolder(temporaryDirectory)
        var template = Array((temporaryDirectory + "/ingest-XXXXXX").utf8CString)
        let out = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard out >= 0 else { throw failed("cannot create a file in \(temporaryDirectory): " + Self.errnoText(errno)) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        var hasher = SHA256()
        do {
            defer { close(out) }
            let writer = try codec.writer { bytes in
                try Self.writeAll(out, bytes) { failed("writing to \(temporary) failed: " + $0) }
            }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let n = try read(buffer)
                if n == 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
                hasher.update(chunk)
                guard Int64(hasher.count) <= maxBytes else { throw failed(tooLarge(Int64(hasher.count), growing: true)) }
                try writer.write(chunk)
            }
            try writer.finish()
            // fsync waits for commit: content already stored whole needs none.
            fchmod(out, 0o400)
        }
        let size = Int64(hasher.count)
        let hash = hasher.finish()
        if let expected, expected != hash { throw failed("its SHA-256 is \(hash), not \(expected) (damaged or altered)") }
        ok = true
        return StagedObject(temporaryPath: temporary, sha256: hash, size: size)
    }

    /// Moves a staged object into place (or drops it when the same content is already stored whole).
    /// - Throws: `TaskStoreError.attachmentIngestFailed` when the rename or an fsync fails.
    public func commit(_ staged: StagedObject) throws -> Stored {
        guard let temporary = staged.take() else { return Stored(sha256: staged.sha256, size: staged.size, isNew: false) }
        func failed(_ reason: String) -> TaskStoreError { .attachmentIngestFailed(path: temporary, reason: reason) }
        let final = path(of: staged.sha256)
        let folder = (final as NSString).deletingLastPathComponent
        do { try makeFolder(folder) } catch {
            unlink(temporary)
            throw error
        }
        var existing = stat()
        if lstat(final, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG, storedSizeMatches(existing, staged.size) {
            unlink(temporary)
            return Stored(sha256: staged.sha256, size: staged.size, isNew: false)
        }
        // A missing object, or a damaged one of the wrong size (replaced by this whole copy).
        let fd = open(temporary, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, fsync(fd) == 0 else {
            let reason = Self.errnoText(errno)
            if fd >= 0 { close(fd) }
            unlink(temporary)
            throw failed("fsync failed: \(reason)")
        }
        close(fd)
        guard rename(temporary, final) == 0 else {
            let reason = Self.errnoText(errno)
            unlink(temporary)
            throw failed("cannot move it to \(final): \(reason)")
        }
        Self.syncFolder(folder)
        return Stored(sha256: staged.sha256, size: staged.size, isNew: true)
    }

    /// Plain objects are as long as their content; an encrypting codec's are longer, and are not
    /// compared here (`check` reads them through the codec).
    private func storedSizeMatches(_ info: stat, _ size: Int64) -> Bool {
        codec.fileSuffix.isEmpty ? Int64(info.st_size) == size : true
    }

    private func tooLarge(_ size: Int64, growing: Bool = false) -> String {
        (growing ? "it grew past \(ByteCount.text(maxBytes)) while being copied" : "it is \(ByteCount.text(size))")
            + ", more than the attachment limit of \(ByteCount.text(maxBytes)); raise attachments.max_mib in config.json to attach it"
    }

    // MARK: Reading

    /// Whether an object with this hash is stored.
    public func contains(_ sha256: String) -> Bool {
        var info = stat()
        return SHA256.isHex(sha256) && lstat(path(of: sha256), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Streams an object's content to `body` in pieces. - Throws: `TaskStoreError.objectUnreadable`.
    public func read(_ sha256: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let file = path(of: sha256)
        func failed(_ reason: String) -> TaskStoreError { .objectUnreadable(sha256: sha256, reason: reason) }
        let fd = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw failed(errno == ENOENT ? "\(file) is missing" : "\(file): " + Self.errnoText(errno)) }
        defer { close(fd) }
        let reader = try codec.reader { buffer in
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n < 0 { throw failed("\(file): " + Self.errnoText(errno)) }
            return n
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try reader.read(into: buffer)
            if n == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    /// What re-hashing one object found.
    public enum Check: Sendable, Hashable {
        case intact(size: Int64)
        /// Its content no longer hashes to its name.
        case corrupt(actual: String)
        case missing
        case unreadable(String)
    }

    /// Re-hashes the object with this hash.
    public func check(_ sha256: String) -> Check {
        guard contains(sha256) else { return .missing }
        var hasher = SHA256()
        do {
            try read(sha256) { hasher.update($0) }
        } catch let TaskStoreError.objectUnreadable(_, reason) {
            return .unreadable(reason)
        } catch {
            return .unreadable("\(error)")
        }
        let size = Int64(hasher.count)
        let actual = hasher.finish()
        return actual == sha256 ? .intact(size: size) : .corrupt(actual: actual)
    }

    /// Writes a copy of an object's content to `destination`, a new file (0600) never written over
    /// an existing one (`NewFile`). - Throws: `TaskStoreError.objectUnreadable` when the object cannot
    /// be read or does not match its hash, `.invalidValue` for a destination that cannot be written.
    public func copy(_ sha256: String, to destination: String) throws {
        try copy(sha256, to: NewFile(path: destination, ownerOnly: true))
    }

    /// Writes a copy of an object's content as `file` (named in errors as `file.shown`).
    /// - Throws: as `copy(_:to:)`.
    public func copy(_ sha256: String, to file: NewFile) throws {
        func failed(_ reason: String) -> TaskStoreError { .invalidValue(field: "path", reason: "cannot write \(file.shown): \(reason)") }
        do {
            try file.write(streaming: { out in
                var hasher = SHA256()
                try read(sha256) { bytes in
                    hasher.update(bytes)
                    try Self.writeAll(out, bytes) { failed($0) }
                }
                let actual = hasher.finish()
                guard actual == sha256 else {
                    throw TaskStoreError.objectUnreadable(sha256: sha256, reason: "\(path(of: sha256)) is damaged (its content hashes to \(actual)); run `tasker verify`")
                }
            })
        } catch NewFile.Failure.exists {
            throw failed("it already exists; choose a new file name")
        } catch NewFile.Failure.cannotWrite(_, let reason) {
            throw failed(reason)
        }
    }

    /// The SHA-256 of an object's file as stored (for an encrypted one: of the ciphertext, which
    /// `verify` checks without the key). - Throws: `TaskStoreError.objectUnreadable`.
    public func storedHash(of sha256: String, suffix: String? = nil) throws -> String {
        try PlainCodec.hashFile(path(of: sha256, suffix: suffix), object: sha256)
    }

    /// The hash of every object stored with this file suffix (default: the codec's), sorted
    /// (files in `ab/` folders named by a 64-digit hash).
    public func hashes(suffix: String? = nil) throws -> [String] {
        let suffix = suffix ?? codec.fileSuffix
        var found: [String] = []
        let manager = FileManager.default
        guard let folders = try? manager.contentsOfDirectory(atPath: directory) else { return [] }
        for folder in folders where folder.utf8.count == 2 && SHA256.isHex(folder + String(repeating: "0", count: 62)) {
            let names = (try? manager.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []
            for name in names where name.hasSuffix(suffix) {
                let hash = String(name.dropLast(suffix.count))
                if SHA256.isHex(hash) && hash.hasPrefix(folder) { found.append(hash) }
            }
        }
        return found.sorted()
    }

    /// Removes one object (its file; the database rows are not touched). - Returns: its size on disk.
    @discardableResult
    public func remove(_ sha256: String, suffix: String? = nil) -> Int64 {
        let file = path(of: sha256, suffix: suffix)
        var info = stat()
        let size = lstat(file, &info) == 0 ? Int64(info.st_size) : 0
        return unlink(file) == 0 ? size : 0
    }

    /// Temporary files left by a copy that was killed, older than `age` seconds, removed.
    /// - Returns: how many.
    public func removeStaleTemporaryFiles(olderThan age: TimeInterval, now: Date = Date()) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory)) ?? []
        var removed = 0
        for name in names {
            let file = temporaryDirectory + "/" + name
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            if now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > age && unlink(file) == 0 { removed += 1 }
        }
        return removed
    }

    // MARK: Locking

    /// Runs `body` holding the store's lock (`objects/.lock`, flock): shared while attaching or
    /// importing (an object and the row naming it), exclusive while collecting garbage.
    public func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        try makeFolder(directory)
        let file = directory + "/.lock"
        let fd = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TaskStoreError.objectUnreadable(sha256: "", reason: "cannot open \(file): " + Self.errnoText(errno)) }
        defer { close(fd) }
        while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw TaskStoreError.objectUnreadable(sha256: "", reason: "cannot lock \(file): " + Self.errnoText(errno)) }
        }
        return try body()
    }

    // MARK: Plumbing

    /// Creates `path` (and its parents) private to the user, when missing.
    func makeFolder(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TaskStoreError.attachmentIngestFailed(path: path, reason: "cannot create the object folder \(path); check its parent is writable")
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, failed: (String) -> TaskStoreError) throws {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw failed(errnoText(errno))
            }
            offset += n
        }
    }

    /// Makes a rename in `folder` durable.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    static func errnoText(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "the disk is full"
        case EISDIR: return "it is a folder"
        default: return String(cString: strerror(code))
        }
    }
}

/// An object copied and hashed into the store's temporary folder, not yet in place: `commit` moves
/// it in; dropped without a commit, its file is removed.
public final class StagedObject: @unchecked Sendable {
    public let sha256: String
    public let size: Int64
    private var temporaryPath: String?
    private let lock = NSLock()

    init(temporaryPath: String, sha256: String, size: Int64) {
        self.temporaryPath = temporaryPath
        self.sha256 = sha256
        self.size = size
    }

    /// The temporary file while it is still staged (nil once `commit` took it), for reading it.
    var path: String? {
        lock.lock()
        defer { lock.unlock() }
        return temporaryPath
    }

    /// Deletes the temporary file now (rather than when the last reference goes): bytes that were
    /// stored some other way, such as encrypted, leave no plain copy behind.
    public func discard() {
        if let path = take() { unlink(path) }
    }

    /// The temporary file, once: the caller now owns it.
    func take() -> String? {
        lock.lock()
        defer { lock.unlock() }
        let path = temporaryPath
        temporaryPath = nil
        return path
    }

    deinit {
        if let temporaryPath { unlink(temporaryPath) }
    }
}
