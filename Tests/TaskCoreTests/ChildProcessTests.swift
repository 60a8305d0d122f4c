import Foundation
import Testing
import TaskCore

/// The environment every child process gets: what `pass`, GnuPG and `systemctl --user` need, nothing else.
@Suite struct ChildProcessTests {
    @Test func onlyTheListedVariablesAndTheLocalePassOn() {
        let given = ["PATH": "/usr/bin", "HOME": "/home/a", "LC_TIME": "C", "LANG": "C.UTF-8", "GNUPGHOME": "/g", "PASSWORD_STORE_DIR": "/p",
                     "DBUS_SESSION_BUS_ADDRESS": "unix:path=/b", "XDG_RUNTIME_DIR": "/run/user/1", "TASKER_AGENT_KEY": "tkr_x",
                     "AWS_SECRET_ACCESS_KEY": "s", "OPENAI_API_KEY": "k", "XDG_CONFIG_HOME": "/c", "LD_PRELOAD": "/evil.so"]
        #expect(ChildProcess.environment(from: given) == [
            "PATH": "/usr/bin", "HOME": "/home/a", "LC_TIME": "C", "LANG": "C.UTF-8", "GNUPGHOME": "/g", "PASSWORD_STORE_DIR": "/p",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/b", "XDG_RUNTIME_DIR": "/run/user/1",
        ])
    }

    @Test func aProcessMadeHereHasThatEnvironmentAndNoStdin() throws {
        let process = ChildProcess.make("/bin/sh", ["-c", "true"])
        #expect(process.environment == ChildProcess.environment())
        #expect(process.environment?["TASKER_AGENT_KEY"] == nil)
        #expect(process.arguments == ["-c", "true"])
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
