import Foundation

/// Lines from standard input, read with `read(2)` so the caller can tell whether another line is
/// already waiting (a pipe full of lines) or would have to be waited for (a person or a script
/// that waits for each answer).
final class LineInput {
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private let fd: Int32

    init(fd: Int32 = STDIN_FILENO) { self.fd = fd }

    /// The next line without its newline, waiting for it if `wait`; nil at end of input, or when
    /// not waiting and no whole line is ready yet.
    func nextLine(wait: Bool) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                if start > 65_536 { buffer.removeFirst(start); start = 0 }
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            if !wait && !inputReady() { return nil }
            fill()
        }
    }

    private func inputReady() -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) > 0
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 {
            buffer.append(contentsOf: chunk[0..<n])
        } else if n == 0 || errno != EINTR {
            atEnd = true
        }
    }
}
