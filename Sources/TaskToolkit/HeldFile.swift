import Foundation
import TaskCore

/// The bytes of a file a call reads, read once and held in memory: an approved call runs on exactly
/// the bytes whose SHA-256 was compared with the request's pin, never on a second opening of the
/// name (which the agent could have swapped or rewritten in between). `FileAccess.held` hands the
/// tool a private copy of these bytes where it would have opened the file.
public struct HeldFile: Sendable, Hashable {
    /// The path argument as the call names it.
    public let name: String
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// The SHA-256 of the held bytes (lower-case hex).
    public var sha256: String { SHA256.hex(bytes) }

    /// A readable descriptor holding a copy of the bytes: a temporary file made 0600 and unlinked at
    /// once, so it has no name anyone could open or swap. The caller closes it.
    /// - Throws: `ConfinedFolder.Refusal` when no temporary file can be made.
    func openCopy() throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/tasker-held-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ConfinedFolder.Refusal("cannot hold the file's bytes for the call (\(String(cString: strerror(errno)))); try again") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard count > 0 else {
                close(fd)
                throw ConfinedFolder.Refusal("cannot hold the file's bytes for the call (\(String(cString: strerror(errno)))); try again")
            }
            written += count
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }
}
