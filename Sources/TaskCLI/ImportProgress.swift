import Foundation
import TaskCore

/// The progress line of a long import on stderr: nothing for the first second (a small import
/// just prints its summary), then what is happening and how far it got. On a terminal it is one
/// line redrawn in place (at most ten times a second) and cleared at the end; in a log or a pipe,
/// a plain line every two seconds.
public final class ImportProgress {
    private let source: String
    private let started: Date
    private let clock: () -> Date
    private let live: Bool
    private let write: (String) -> Void
    private var lastShown: Date?
    private var drawn = false

    public init(source: String, live: Bool = isatty(STDERR_FILENO) == 1, clock: @escaping () -> Date = Date.init,
         write: @escaping (String) -> Void = { try? FileDescriptorWriter.write(STDERR_FILENO, $0) }) {
        self.source = TerminalText.sanitized(source)
        self.clock = clock
        self.started = clock()
        self.live = live
        self.write = write
    }

    /// "reading tw.json", "checking 100,000 records": shown once the import has taken a second.
    public func phase(_ text: String) { show(text, force: true) }

    /// Tasks written so far.
    public func written(_ done: Int, of total: Int) {
        let percent = total == 0 ? 100 : done * 100 / total
        show("writing \(Self.grouped(done)) of \(Self.grouped(total)) tasks (\(percent)%)", force: done == total)
    }

    /// Clears a live line, so the summary that follows starts on a clean line.
    public func finish() {
        if drawn { write("\r\u{1B}[K") }
        drawn = false
    }

    private func show(_ text: String, force: Bool) {
        let now = clock()
        guard now.timeIntervalSince(started) >= 1 else { return }
        if let last = lastShown, now.timeIntervalSince(last) < (live ? 0.1 : 2), !(force && live) { return }
        lastShown = now
        let line = "importing \(source): \(text)"
        if live {
            write("\r\u{1B}[K" + line)
            drawn = true
        } else {
            write(line + "\n")
        }
    }

    /// 100000 → "100,000".
    public static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}
