import Foundation

/// A small secret file only its owner may read: the model key and the data key.
///
/// Written atomically (a temporary file created 0600, fsync, rename) inside a folder kept at 0700;
/// read only when the mode gives group and others nothing and the file belongs to this user. The
/// one other kind of I/O TaskCore does besides `write(2)`, so the check is written once.
public enum OwnerOnlyFile {
    /// Why a secret file cannot be used; each caller words it for its own command.
    public enum Problem: Error, Sendable, Equatable {
        /// Group or others may read it (the mode has bits in 0o077).
        case readableByOthers
        /// It belongs to another user.
        case otherOwner
        /// A file-system call failed: what was being done and `strerror`, e.g. "cannot write /x: No space left".
        case failed(String)
    }

    /// The file's bytes, or nil when it does not exist.
    /// - Throws: `.readableByOthers`, `.otherOwner`, or `.failed` when it cannot be read.
    public static func read(_ path: String) throws(Problem) -> Data? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .failed("cannot read \(path): \(errnoText())")
        }
        if info.st_mode & 0o077 != 0 { throw .readableByOthers }
        if info.st_uid != getuid() { throw .otherOwner }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .failed("cannot read \(path); check its permissions")
        }
        return data
    }

    /// Replaces `path` with `bytes` atomically, mode 0600 from the start, creating its folder (0700)
    /// or tightening an existing one that group or others could enter.
    /// - Throws: `.failed` naming the path and the system's reason; nothing is left half-written.
    public static func write(_ bytes: [UInt8], to path: String) throws(Problem) {
        let temporary = try writeTemporary(bytes, for: path)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .failed("cannot replace \(path): \(errnoText())")
        }
        syncFolder(of: path)
    }

    /// Writes `bytes` to `path` as `write` does, but only when no file is there yet: of two processes
    /// creating the same key at once, both go on with the one that was written first.
    /// - Returns: false when a file was already there (it is left as it is).
    /// - Throws: `.failed` naming the path and the system's reason.
    @discardableResult
    public static func create(_ bytes: [UInt8], at path: String) throws(Problem) -> Bool {
        try makeDirectory((path as NSString).deletingLastPathComponent)
        // NewFile stages the bytes and links them into place: never over a file, never through a link.
        do {
            try NewFile(path: path, ownerOnly: true).write(bytes)
            return true
        } catch NewFile.Failure.exists {
            return false
        } catch {
            throw .failed("cannot create \(path): \(error)")
        }
    }

    /// A temporary file beside `path` holding `bytes`, 0600 and synced; its folder made 0700.
    private static func writeTemporary(_ bytes: [UInt8], for path: String) throws(Problem) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        try makeDirectory(directory)
        let temporary = directory + "/." + (path as NSString).lastPathComponent + ".\(getpid()).tmp"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failed("cannot write \(temporary): \(errnoText())") }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced else {
            unlink(temporary)
            throw .failed("cannot write \(temporary): \(errnoText())")
        }
        return temporary
    }

    /// A rename or link is durable only once the folder's entry is on disk.
    private static func syncFolder(of path: String) {
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Creates `directory` (and its parents) with mode 0700, or tightens it to 0700 when it exists
    /// and group or others have any access.
    /// - Throws: `.failed` when it cannot be created.
    public static func makeDirectory(_ directory: String) throws(Problem) {
        var info = stat()
        if stat(directory, &info) == 0 {
            // Tighten a folder another tool created more loosely: it holds the key.
            if info.st_mode & 0o077 != 0 { chmod(directory, 0o700) }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failed("cannot create \(directory): \(error.localizedDescription)")
        }
        chmod(directory, 0o700)
    }

    /// Deletes the file; false when there was none.
    /// - Throws: `.failed` when it exists but cannot be removed.
    @discardableResult
    public static func remove(_ path: String) throws(Problem) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .failed("cannot remove \(path): \(errnoText())")
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
