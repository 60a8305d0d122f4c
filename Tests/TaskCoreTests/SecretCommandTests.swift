import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// The one runner for `key_command` and `sync.password_command`: a command that hangs is stopped
/// with everything it started.
@Suite struct SecretCommandTests {
    let directory = TemporaryDirectory("secret-command")
    let runner = SecretCommand(setting: "sync.password_command", secret: "the password", example: ["pass", "show", "caldav"], timeout: 0.3)

    /// Alive means running or stopped; a zombie or a vanished process is gone.
    static func alive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    @Test func aHangingCommandIsStoppedWithWhatItStarted() throws {
        let pidFile = directory.path("sleep.pid")
        let started = Date()
        #expect {
            try runner.run(["sh", "-c", "sleep 37 & echo $! > '\(pidFile)'; wait"])
        } throws: { error in
            "\(error)" == "sync.password_command `sh` took longer than 0.3 s; check it runs on its own"
        }
        #expect(Date().timeIntervalSince(started) < 5)
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let sleeper = try #require(pid_t(text))
        var gone = false
        for _ in 0..<100 where !gone {  // the kill is sent; give the kernel a moment to deliver it
            gone = !Self.alive(sleeper)
            if !gone { usleep(10_000) }
        }
        #expect(gone, "the shell's child \(sleeper) outlived the timeout")
        if !gone { kill(sleeper, SIGKILL) }
    }

    @Test func whatTheCommandPrintsIsReturned() throws {
        #expect(try runner.run(["sh", "-c", "printf 'hunter2\\n'"]) == "hunter2\n")
    }
}
