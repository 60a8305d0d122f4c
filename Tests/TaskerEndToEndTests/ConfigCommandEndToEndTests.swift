import Foundation
import Testing
import TaskerTestSupport

/// `tasker config check` names each bad key of config.json in one line and exits 2; `config show`
/// prints the effective values and never a secret.
@Suite struct ConfigCommandEndToEndTests {
    let directory = TemporaryDirectory("config-command")

    /// A config home holding `text` as config.json.
    private func home(_ text: String?) throws -> [String: String] {
        let home = directory.folder(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        if let text { try text.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8) }
        return ["XDG_CONFIG_HOME": home]
    }

    /// A broken file of each section: one line per bad key on stderr, exit 2.
    @Test(arguments: [
        (#"{"timeout_seconds": "soon", "confirm": "maybe"}"#,
         ["timeout_seconds: expected a number", "confirm: expected one of writes, all, never"]),
        (#"{"working_hours": "nine to five", "calendars": {"name": "Work"}}"#,
         ["calendars: expected a list of {\"name\", \"ics\"} or {\"name\", \"url\"}", "working_hours: expected HH:MM-HH:MM, like \"09:00-18:00\""]),
        (#"{"remind_before_minutes": -5}"#, ["remind_before_minutes: expected 0–10080"]),
        (#"{"sync": {"url": 5, "interval_seconds": "often"}}"#, ["sync.url: expected a string", "sync.interval_seconds: expected a number"]),
        (#"{"attachments": {"encrypt": "yes", "upload": {"sign_command": []}}}"#,
         ["attachments.encrypt: expected true or false",
          "attachments.upload.sign_command: expected a program and its arguments, like [\"pass\", \"show\", \"x\"]"]),
        ("{\"model\": ", ["config.json: not valid JSON (unexpected end of input at byte 10)"]),
    ])
    func checkNamesEachBadKey(_ text: String, _ expected: [String]) throws {
        let result = try TaskerBinary.run(["config", "check"], environment: try home(text))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").map(String.init) == expected)
        #expect(result.stdout.isEmpty)
    }

    @Test func checkPassesAGoodFileAndNoFile() throws {
        let good = try TaskerBinary.run(["config", "check"], environment: try home(#"{"model": "m", "sync": {"url": "https://dav.example/"}}"#))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.hasSuffix("config.json: fine\n") && good.stderr.isEmpty)
        let none = try TaskerBinary.run(["config", "check"], environment: try home(nil))
        #expect(none.status == 0 && none.stdout.contains("every key takes its default"))
    }

    @Test func showPrintsEffectiveValuesAndNoSecret() throws {
        let env = try home(#"{"base_url": "http://127.0.0.1:9/v1", "key_command": ["pass", "show", "sk-live-123"], "sync": {"url": "https://me:pw-456@dav.example/", "password_file": "/run/pw-789"}}"#)
        let result = try TaskerBinary.run(["config", "show"], environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("base_url = \"http://127.0.0.1:9/v1\"\n"))
        #expect(result.stdout.contains("timeout_seconds = 60 (default)\n"))
        #expect(result.stdout.contains("key_command = (set, not shown)\n"))
        #expect(result.stdout.contains("sync.url = \"https://dav.example/\"\n"))
        #expect(result.stdout.contains("attachments: not set\n"))
        for secret in ["sk-live-123", "pw-456", "pw-789"] {
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(secret)")
        }
        let usage = try TaskerBinary.run(["config", "edit"], environment: env)
        #expect(usage.status == 2 && usage.stderr.contains("use check or show"))
    }
}
