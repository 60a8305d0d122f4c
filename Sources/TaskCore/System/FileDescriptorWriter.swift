import Foundation

/// Writes all of a buffer to a file descriptor with `write(2)`: the one place Tasker writes to
/// stdout, stderr and pipes, so partial writes and `EINTR` are handled once, and a closed reader
/// (`EPIPE`, with SIGPIPE ignored) is an error a door can report in one line — not a trap in
/// Foundation's `FileHandle.write`.
public enum FileDescriptorWriter {
    /// A write that did not complete.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var code: Int32
        /// True when the reading end was closed (`EPIPE`): usually the other program quit.
        public var readerClosed: Bool { code == EPIPE }
        public var description: String {
            readerClosed ? "the reading end was closed" : "the write failed: \(String(cString: strerror(code)))"
        }
    }

    /// - Throws: `Failure` with `errno`.
    public static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            offset += n
        }
    }

    /// Writes `text` as UTF-8. - Throws: `Failure`.
    public static func write(_ fd: Int32, _ text: String) throws(Failure) {
        var text = text
        let result: Result<Void, Failure> = text.withUTF8 { buffer in
            Result { () throws(Failure) in try write(fd, UnsafeRawBufferPointer(buffer)) }
        }
        try result.get()
    }
}
