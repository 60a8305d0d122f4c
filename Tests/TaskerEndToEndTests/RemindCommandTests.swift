import Foundation
import Testing
import TaskerTestSupport

/// `tasker remind` without a desktop: the one-line refusal, `--fallback stdout`, and `--install` /
/// `--uninstall` writing the systemd user unit (a stand-in `systemctl` on PATH records its calls).
@Suite struct RemindCommandTests {
    let directory = TemporaryDirectory("remind-cmd")

    var noBus: [String: String] { ["XDG_RUNTIME_DIR": directory.path("no-runtime"), "XDG_CONFIG_HOME": directory.path("config"), "TZ": "UTC"] }

    @Test func withoutASessionBusItSaysSoInOneLineAndFallsBackToStdout() throws {
        let db = directory.path("t.sqlite")
        _ = try TaskerBinary.run(["--db", db, "call", "create_task", #"{"title": "Pay rent", "due": "2026-12-02T15:00"}"#], environment: noBus)
        let refused = try TaskerBinary.run(["--db", db, "--now", "2026-12-02T15:00", "remind", "--once"], environment: noBus)
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("no desktop session bus") && refused.stderr.contains("--fallback stdout"), "\(refused.stderr)")
        let printed = try TaskerBinary.run(["--db", db, "--now", "2026-12-02T15:00", "remind", "--once", "--fallback", "stdout"], environment: noBus)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == "⏰ Pay rent — Due Today, 3:00 PM\n")
        let again = try TaskerBinary.run(["--db", db, "--now", "2026-12-02T15:01", "remind", "--once", "--fallback", "stdout"], environment: noBus)
        #expect(again.stdout.isEmpty, "delivered once")
        let bad = try TaskerBinary.run(["--db", db, "remind", "--once", "--fallback", "email"], environment: noBus)
        #expect(bad.status == 2)
        #expect(try TaskerBinary.run(["--db", db, "remind"], environment: noBus).status == 2)
    }

    @Test func installWritesTheUnitAndEnablesItUninstallRemovesIt() throws {
        let bin = directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = directory.path("systemctl.log")
        try "#!/bin/sh\necho \"$@\" >> \(log)\n".write(toFile: bin + "/systemctl", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/systemctl")
        let env = noBus.merging(["PATH": bin + ":/usr/bin:/bin"]) { _, b in b }
        let db = directory.path("my tasks.sqlite")
        let installed = try TaskerBinary.run(["--db", db, "remind", "--install"], environment: env)
        #expect(installed.status == 0, "\(installed.stderr)")
        let unitPath = directory.path("config") + "/systemd/user/tasker-remind.service"
        let unit = try String(contentsOfFile: unitPath, encoding: .utf8)
        let tasker = TaskerBinary.url.resolvingSymlinksInPath().path
        #expect(unit.contains("ExecStart=\(tasker) remind --watch --db \"\(db)\"\n"), "\(unit)")
        #expect(unit.contains("[Install]\nWantedBy=default.target"))
        #expect(unit.contains("Restart=on-failure"))
        #expect(installed.stdout.contains("enabled and started tasker-remind.service"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "--user daemon-reload\n--user enable --now tasker-remind.service\n")
        let removed = try TaskerBinary.run(["--db", db, "remind", "--uninstall"], environment: env)
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: unitPath))
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("--user disable --now tasker-remind.service\n"))
    }

    @Test func installWithoutAUserManagerSaysWhatToRun() throws {
        let bin = directory.path("failing-bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nexit 1\n".write(toFile: bin + "/systemctl", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/systemctl")
        let env = noBus.merging(["PATH": bin + ":/usr/bin:/bin", "XDG_CONFIG_HOME": directory.path("config2")]) { _, b in b }
        let r = try TaskerBinary.run(["--db", directory.path("t2.sqlite"), "remind", "--install"], environment: env)
        #expect(r.status == 0)
        #expect(r.stdout.contains("not enabled:") && r.stdout.contains("systemctl --user enable --now tasker-remind.service"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: directory.path("config2") + "/systemd/user/tasker-remind.service"))
    }
}
