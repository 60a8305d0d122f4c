import Foundation

/// A file Tasker creates for its output (exports, copies of attachments): the one place such a
/// file is made, so none is ever written through a symbolic link or over a file that is there.
///
/// The content goes into a staging file beside the destination, created `O_CREAT|O_EXCL|O_NOFOLLOW`
/// under a random name; at the end it takes its name with link(2), which neither follows nor
/// replaces anything at that name (a name that is taken, a link included, refuses the write).
/// With `replacing` (the command line's `--force`) it is renamed over what is there instead: a
/// symbolic link is then replaced, never followed. An `ownerOnly` file is 0600; any other is
/// 0666 less the umask, as a shell's `>` makes it. Nothing is left behind when writing fails.
public struct NewFile: Sendable, Hashable {
    /// Where the file goes.
    public let path: String
    /// 0600 instead of the umask's mode.
    public let ownerOnly: Bool
    /// Rename over an existing entry (`--force`) instead of refusing.
    public let replacing: Bool
    /// How errors and results name it: an agent's relative name, or the path itself.
    public let shown: String

    public init(path: String, ownerOnly: Bool = false, replacing: Bool = false, shown: String? = nil) {
        self.path = path
        self.ownerOnly = ownerOnly
        self.replacing = replacing
        self.shown = shown ?? path
    }

    /// Why the file was not written; nothing is left half-written either way.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Something (a file, a folder, a symbolic link) already has the name.
        case exists(String)
        /// A system call or the writer failed: the name shown and the reason.
        case cannotWrite(String, reason: String)

        public var description: String {
            switch self {
            case .exists(let shown): return "\(shown) already exists; nothing was written — choose a new file name"
            case .cannotWrite(let shown, let reason): return "cannot write \(shown) (\(reason)); check the folder exists and is writable"
            }
        }
    }

    /// Writes `bytes` as the file's whole content. - Throws: `Failure`.
    public func write(_ bytes: [UInt8]) throws {
        try write(streaming: { fd in
            try bytes.withUnsafeBytes { buffer in try writeAll(fd, buffer) }
        })
    }

    /// Creates the file from what `fill` writes to the staging file's descriptor.
    /// - Throws: `Failure`, or what `fill` throws.
    public func write(streaming fill: (_ descriptor: Int32) throws -> Void) throws {
        try create { staging, fd in try fill(fd) }
    }

    /// Creates the file from what `fill` writes at the staging path it is given (for writers that
    /// open their output by name, such as libzip and libxlsxwriter; they may replace it there, and
    /// name `shown`, never the staging path, in their errors).
    /// - Throws: `Failure`, or what `fill` throws.
    public func write(at fill: (_ stagingPath: String) throws -> Void) throws {
        try create { staging, _ in try fill(staging) }
    }

    private func create(_ fill: (String, Int32) throws -> Void) throws {
        let folder = Self.folder(of: path)
        if !replacing {
            var info = stat()
            if lstat(path, &info) == 0 { throw Failure.exists(shown) }
        }
        let (staging, fd) = try makeStagingFile(in: folder)
        var published = false
        defer { if !published { unlink(staging) } }
        let mode: mode_t
        do {
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw Failure.cannotWrite(shown, reason: Self.errnoText()) }
            mode = info.st_mode & 0o777
            try fill(staging, fd)
        }
        // A writer that replaced the staging file (libzip renames its own temporary over it) made it with its own mode.
        guard chmod(staging, mode) == 0 else { throw Failure.cannotWrite(shown, reason: Self.errnoText()) }
        Self.sync(staging)
        if replacing {
            guard rename(staging, path) == 0 else { throw Failure.cannotWrite(shown, reason: Self.errnoText()) }
            published = true
        } else if link(staging, path) == 0 {
            unlink(staging)
            published = true
        } else {
            let code = errno
            if code == EEXIST { throw Failure.exists(shown) }
            guard code == EPERM || code == EOPNOTSUPP || code == EMLINK else {
                throw Failure.cannotWrite(shown, reason: String(cString: strerror(code)))
            }
            // A file system without hard links (FAT, some FUSE): an exclusive copy instead.
            try copyExclusively(staging, mode: mode)
        }
        Self.sync(folder)
    }

    /// A new file under a random name in `folder`: `O_CREAT|O_EXCL|O_NOFOLLOW`, 0600 or 0666 less the umask.
    private func makeStagingFile(in folder: String) throws -> (String, Int32) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let name = folder + "/.tasker-new-" + String(generator.next() as UInt64, radix: 36)
            let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, ownerOnly ? 0o600 : 0o666)
            if fd >= 0 { return (name, fd) }
            if errno != EEXIST { throw Failure.cannotWrite(shown, reason: Self.errnoText()) }
        }
        throw Failure.cannotWrite(shown, reason: "no free temporary name in its folder")
    }

    private func copyExclusively(_ staging: String, mode: mode_t) throws {
        let source = open(staging, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw Failure.cannotWrite(shown, reason: Self.errnoText()) }
        defer { close(source) }
        let target = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard target >= 0 else { throw errno == EEXIST ? Failure.exists(shown) : Failure.cannotWrite(shown, reason: Self.errnoText()) }
        defer { close(target) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        do {
            while true {
                let n = read(source, &buffer, buffer.count)
                if n < 0 { throw Failure.cannotWrite(shown, reason: Self.errnoText()) }
                if n == 0 { break }
                try buffer.withUnsafeBytes { try writeAll(target, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            }
            guard fsync(target) == 0 else { throw Failure.cannotWrite(shown, reason: Self.errnoText()) }
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Writes all of `buffer` to `fd`. - Throws: `Failure.cannotWrite`.
    private func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws {
        do { try FileDescriptorWriter.write(fd, buffer) } catch {
            throw Failure.cannotWrite(shown, reason: String(cString: strerror(error.code)))
        }
    }

    /// The folder part of `path` ("." for a bare name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func sync(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
