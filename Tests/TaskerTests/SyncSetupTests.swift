import Foundation
import Testing
import TaskSync
@testable import tasker
import TaskerTestSupport

/// config.json's `sync` section: the interval, and the password read by the runner `key_command` uses.
@Suite struct SyncSetupTests {
    func setup(_ json: String) throws -> SyncSetup? {
        let dir = TemporaryDirectory("syncsetup")
        try json.write(toFile: dir.path("config.json"), atomically: true, encoding: .utf8)
        return try SyncSetup.load(configDirectory: dir.url.path, environment: ["PATH": "/usr/bin:/bin"])
    }

    func failure(_ setup: SyncSetup) -> String? {
        do {
            _ = try setup.provider(timeZone: .current)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theIntervalIsFiveMinutesUnlessSetAndZeroTurnsItOff() throws {
        #expect(try setup(#"{"sync": {"url": "http://127.0.0.1:5232/user/tasks/"}}"#)?.interval == 300)
        #expect(try setup(#"{"sync": {"url": "http://127.0.0.1:5232/user/tasks/", "interval_seconds": 0}}"#)?.interval == 0)
        #expect(try setup(#"{"sync": {"url": "http://127.0.0.1:5232/user/tasks/", "interval_seconds": 2.5}}"#)?.interval == 2.5)
        #expect(throws: SyncError.self) { try setup(#"{"sync": {"url": "http://x/", "interval_seconds": "often"}}"#) }
        #expect(try setup(#"{"model": "m"}"#) == nil)
    }

    @Test func aHangingPasswordCommandEndsWithOneLineInBoundedTime() throws {
        var hanging = try #require(try setup(#"{"sync": {"url": "http://x/", "username": "me", "password_command": ["sh", "-c", "sleep 30"]}}"#))
        hanging.commandTimeout = 0.3
        let started = Date()
        let message = failure(hanging)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(message == "sync.password_command `sh` took longer than 0.3 s; check it runs on its own")
    }

    @Test func aFailingPasswordCommandNeverShowsWhatItPrinted() throws {
        let failing = try #require(try setup(#"{"sync": {"url": "http://x/", "username": "me", "password_command": ["sh", "-c", "echo hunter2; exit 3"]}}"#))
        #expect(failure(failing) == "sync.password_command: 'sh' failed (status 3); run it yourself to see why")
        let missing = try #require(try setup(#"{"sync": {"url": "http://x/", "username": "me", "password_command": ["no-such-pass"]}}"#))
        #expect(failure(missing) == "sync.password_command: 'no-such-pass' was not found on PATH; fix `sync.password_command` in config.json")
        let silent = try #require(try setup(#"{"sync": {"url": "http://x/", "username": "me", "password_command": ["true"]}}"#))
        #expect(failure(silent) == "sync.password_command: 'true' printed nothing; it must print the password on stdout")
    }

    @Test func thePasswordComesFromTheCommandsFirstLine() throws {
        let good = try #require(try setup(#"{"sync": {"url": "http://x/", "username": "me", "password_command": ["printf", "s3cret\nsecond line\n"]}}"#))
        let provider = try good.provider(timeZone: .current)
        #expect(provider.credentials?.password == "s3cret")
        #expect(provider.credentials?.description == "me:[hidden]")
    }
}
