import Foundation
import TaskCore

/// One agent's folder (`<data dir>/agents/<name>/files/`, 0700, made at first use), and the only
/// way an agent's path argument becomes a file.
///
/// A name is relative: `notes.txt`, or `in/notes.txt` through folders that exist. Refused, each in
/// one line that never shows the folder's host path: an absolute path, `~`, `..` or `.`, an empty
/// part, NUL or another control character, a part over 255 bytes or a name over 1024; a symbolic
/// link anywhere on the way (every part is opened `O_NOFOLLOW`); anything that is not a regular
/// file (a folder, a device, a FIFO); anything whose real path is not inside the folder; and, for
/// a new file, a name that is taken (never overwritten).
public struct ConfinedFolder: Sendable, Hashable {
    /// The folder on the host. Never shown to the agent.
    public let path: String

    public init(path: String) { self.path = path }

    /// Why a name was refused: one line an agent can act on.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    static let maxNameBytes = 1024
    static let maxPartBytes = 255

    /// The parts of `name`, checked without touching the file system.
    /// - Throws: `Refusal` for an absolute path, `..`, `.`, an empty part, a control character, or a name too long.
    static func parts(of name: String) throws -> [String] {
        let shown = TerminalText.sanitized(String(name.prefix(80)))
        guard !name.isEmpty else { throw Refusal("the file name is empty; name a file inside your folder, such as notes.txt") }
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw Refusal("the file name '\(shown)' contains NUL or another control character; use a plain name such as notes.txt")
        }
        guard !name.hasPrefix("/"), !name.hasPrefix("~") else {
            throw Refusal("an absolute or ~ path is a host path; an agent names a file inside its own folder, such as notes.txt (host paths are the owner's)")
        }
        guard name.utf8.count <= maxNameBytes else {
            throw Refusal("the file name is \(name.utf8.count) bytes long, more than \(maxNameBytes); use a shorter name")
        }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part == ".." || part == "." {
                throw Refusal("'\(shown)' uses '\(part)'; name a file inside your folder without '.' or '..', such as notes.txt")
            }
            if part.isEmpty { throw Refusal("'\(shown)' has an empty part (a double or trailing /); name a file such as notes.txt") }
            if part.utf8.count > maxPartBytes {
                throw Refusal("a part of the file name is \(part.utf8.count) bytes long, more than \(maxPartBytes); use a shorter name")
            }
        }
        return parts
    }

    /// Opens the file `name` for reading: a regular file inside the folder, reached through no link.
    /// - Throws: `Refusal`.
    public func openForReading(_ name: String) throws -> Int32 {
        let (folder, last, shown) = try openContainingFolder(name)
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, last, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { throw Refusal("there is no file '\(shown)' in your folder; the owner puts files there for you") }
            throw Refusal("cannot read '\(shown)': \(Self.errnoText())")
        }
        try Self.requireRegular(info, shown: shown)
        // O_NONBLOCK: a FIFO swapped in after the check must not hang the open.
        let fd = openat(folder, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ELOOP { throw Self.link(shown) }
            throw Refusal("cannot read '\(shown)': \(Self.errnoText())")
        }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino, (opened.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw Refusal("'\(shown)' changed while it was being opened; try again")
        }
        guard let real = Self.realPath(ofDescriptor: fd), try isInside(real) else {
            close(fd)
            throw Refusal("'\(shown)' resolves outside your folder; refused")
        }
        return fd
    }

    /// A new file `name` inside the folder (0600), for `NewFile` to create without following a link
    /// or replacing anything. - Throws: `Refusal` when the name is refused or taken.
    public func newFile(_ name: String) throws -> NewFile {
        let (folder, last, shown) = try openContainingFolder(name)
        defer { close(folder) }
        var info = stat()
        if fstatat(folder, last, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            throw Refusal("'\(shown)' already exists in your folder; nothing was overwritten — choose a new name")
        }
        guard let real = Self.realPath(ofDescriptor: folder), try real == realRoot() || isInside(real) else {
            throw Refusal("'\(shown)' resolves outside your folder; refused")
        }
        return NewFile(path: real + "/" + last, ownerOnly: true, shown: name)
    }

    /// The folder `name`'s file lives in (opened; the caller closes it), the file's own name in it,
    /// and `name` as it may be shown. - Throws: `Refusal` for a refused name or a folder on the way.
    private func openContainingFolder(_ name: String) throws -> (folder: Int32, last: String, shown: String) {
        let parts = try Self.parts(of: name)
        let shown = TerminalText.sanitized(name)
        return (try openFolder(parts.dropLast(), shown: shown), parts[parts.count - 1], shown)
    }

    /// Opens the folder the parts lead to, from the agent's folder, each part `O_NOFOLLOW`.
    private func openFolder(_ parts: ArraySlice<String>, shown: String) throws -> Int32 {
        try makeFolder()
        var fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Refusal("your folder cannot be opened (\(Self.errnoText())); ask the owner to check it") }
        for part in parts {
            let next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 {
                let code = errno
                var info = stat()
                let found = fstatat(fd, part, &info, AT_SYMLINK_NOFOLLOW) == 0
                close(fd)
                if found && (info.st_mode & S_IFMT) == S_IFLNK { throw Self.link(shown) }
                if code == ENOENT { throw Refusal("'\(shown)': there is no folder '\(TerminalText.sanitized(part))' in your folder; name a file directly in it, such as notes.txt") }
                if found { throw Refusal("'\(shown)': '\(TerminalText.sanitized(part))' is not a folder") }
                throw Refusal("cannot open '\(shown)': \(String(cString: strerror(code)))")
            }
            close(fd)
            fd = next
        }
        return fd
    }

    /// Makes the folder (and `agents/<name>/` above it) 0700 when missing.
    private func makeFolder() throws {
        var info = stat()
        if stat(path, &info) == 0 { return }
        let agent = NewFile.folder(of: path)
        do {
            try OwnerOnlyFile.makeDirectory(NewFile.folder(of: agent))
            try OwnerOnlyFile.makeDirectory(agent)
            try OwnerOnlyFile.makeDirectory(path)
        } catch {
            throw Refusal("your folder cannot be created; ask the owner to check the data folder's permissions")
        }
    }

    private func realRoot() throws -> String {
        guard let real = realpath(path, nil) else { throw Refusal("your folder cannot be opened (\(Self.errnoText())); ask the owner to check it") }
        defer { free(real) }
        return String(cString: real)
    }

    private func isInside(_ real: String) throws -> Bool {
        let root = try realRoot()
        return real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    private static func requireRegular(_ info: stat, shown: String) throws {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw link(shown)
        case S_IFDIR: throw Refusal("'\(shown)' is a folder; name a file inside it")
        default: throw Refusal("'\(shown)' is not a regular file (a device, FIFO or socket); only plain files are read")
        }
    }

    private static func link(_ shown: String) -> Refusal {
        Refusal("'\(shown)' is or goes through a symbolic link; links are not followed in an agent's folder — put the file itself there")
    }

    /// Where an open descriptor really is (`/proc/self/fd`), or nil.
    private static func realPath(ofDescriptor fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
