import Foundation

extension SHA256 {
    /// Why a file could not be hashed: `errno`'s text, and whether it could not even be opened.
    public struct FileProblem: Error, Sendable {
        public let opening: Bool
        public let reason: String
    }

    /// The SHA-256 (hex) and length of the file at `path`, read a megabyte at a time (an
    /// attachment is never held whole). - Throws: `FileProblem`.
    public static func file(_ path: String) throws(FileProblem) -> (digest: String, size: UInt64) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileProblem(opening: true, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        while true {
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileProblem(opening: false, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        let size = hasher.count
        return (hasher.finish(), size)
    }
}
