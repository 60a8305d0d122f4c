import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the `tasker` binary on a pseudo-terminal, as a person at a terminal would: type keys, wait
/// for text to appear (escape codes stripped), with timeouts so a hung REPL fails the test.
final class PseudoTerminal {
    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        let screen: String
        var description: String { "timed out waiting for \(waitingFor.debugDescription); output so far:\n\(screen)" }
    }

    private let master: Int32
    private let pid: pid_t
    private var exitStatus: Int32?
    private var raw = Data()
    /// Where `waitFor` searches from: text already matched is not matched again.
    private var mark = 0

    /// Starts tasker with `arguments` on a new pty (120×40, TERM=xterm) and `environment` added to a
    /// clean one. `typedAhead` is typed before tasker starts, so it waits in the terminal's input
    /// queue whatever the scheduler does (keys sent after the start may arrive after tasker has
    /// already asked). - Throws: when the pty or the process cannot be created.
    init(_ arguments: [String], environment: [String: String] = [:], typedAhead: String = "") throws {
        // posix_openpt/grantpt/unlockpt/ptsname are hidden from Swift's Glibc module; on Linux they
        // are /dev/ptmx plus two ioctls: TIOCSPTLCK (unlock) and TIOCGPTN (the slave's number).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw POSIXError(.EIO)
        }
        self.master = master
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slavePath = "/dev/pts/\(number)"
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        // The slave held open here (not as our controlling terminal) until tasker has it, so the
        // typed-ahead keys wait in its queue.
        let held = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        defer { if held >= 0 { close(held) } }
        let ahead = Array(typedAhead.utf8)
        guard held >= 0, ahead.withUnsafeBytes({ write(master, $0.baseAddress, $0.count) }) == ahead.count else {
            close(master)
            throw POSIXError(.EIO)
        }
        // Spawn in a new session with the slave as its controlling terminal, as a login shell would
        // (Foundation's Process cannot): POSIX_SPAWN_SETSID, then the slave opened as fd 0.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session, an empty signal mask and SIGINT at its default, as a login shell would give:
        // the test runner's thread may block or ignore signals, and a child inherits both.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(0x80 | 0x08 | 0x04))  // SETSID | SETSIGMASK | SETSIGDEF
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "Europe/London", "TERM": "xterm",
                   "LANG": "C.UTF-8"]
        env.merge(environment) { _, new in new }
        let argv = [TaskerBinary.url.path] + arguments
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, argv[0], &actions, &attributes, cArgs, cEnv)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        pid = child
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        if !hasExited { kill(pid, SIGKILL); _ = hasExited }
        close(master)
    }

    /// Sends keys as typed: "\r" is Enter, "\t" Tab, "\u{3}" Ctrl-C, "\u{4}" Ctrl-D, "\u{1B}[A" up.
    func send(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Types a line and presses Enter.
    func line(_ text: String) { send(text + "\r") }

    /// Whether the terminal echoes what is typed right now (its ECHO flag, shared by both ends).
    var echoes: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Everything written to the terminal so far, exactly (escape codes included).
    var rawText: String { String(decoding: raw, as: UTF8.self) }

    /// Everything shown so far, escape codes removed.
    var screen: String { Self.stripEscapes(String(decoding: raw, as: UTF8.self)) }

    /// Waits until `text` appears after what earlier waits matched. - Throws: `Timeout`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let current = screen
            let start = current.index(current.startIndex, offsetBy: min(mark, current.count))
            if let range = current.range(of: text, range: start..<current.endIndex) {
                mark = current.distance(from: current.startIndex, to: range.upperBound)
                return String(current[start..<range.upperBound])
            }
            guard Date() < deadline else { throw Timeout(waitingFor: text, screen: current) }
            pump(wait: 50)
        }
    }

    /// Waits for the process to end (after Ctrl-D or /quit). - Returns: its exit status.
    func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while !hasExited {
            guard Date() < deadline else { throw Timeout(waitingFor: "exit", screen: screen) }
            pump(wait: 50)
        }
        pump(wait: 0)
        return exitStatus ?? -1
    }

    /// Reaps the child if it has ended.
    private var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return true
    }

    private func pump(wait milliseconds: Int32) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { return }
            raw.append(contentsOf: buffer[0..<n])
        }
    }

    /// Removes CSI and other escape sequences, bell and carriage returns.
    static func stripEscapes(_ text: String) -> String {
        var out = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            if c == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let d = iterator.next(), !(0x40...0x7E).contains(d.value) {}
                }
                continue
            }
            if c == "\u{7}" || c == "\r" { continue }
            out.unicodeScalars.append(c)
        }
        return out
    }
}
