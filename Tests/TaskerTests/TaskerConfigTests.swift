import Foundation
import Testing
import TaskCore

/// config.json checked against its one declaration: one line per bad key, naming it.
@Suite struct TaskerConfigTests {
    @Test(arguments: [
        (#"{"sync": {"url": 5}}"#, ["sync.url: expected a string"]),
        (#"{"sync": {"username": "me"}}"#, ["sync.url: missing; the CalDAV task list or account"]),
        (#"{"sync": {"url": "https://dav.example/", "interval_seconds": -1, "send_sealed_notes": "yes"}}"#,
         ["sync.interval_seconds: expected 0 or more", "sync.send_sealed_notes: expected true or false"]),
        (#"{"timeout_seconds": 0, "confirm": "sometimes", "preset": 3}"#,
         ["preset: expected a string", "timeout_seconds: expected more than 0 and at most 3600", "confirm: expected one of writes, all, never"]),
        (#"{"working_hours": "9-5", "working_days": ["mon", "funday"], "calendars": [{"name": "x", "url": "ftp://a"}]}"#,
         ["calendars: entry 1 needs a name and either \"ics\": a file or \"url\": an http(s) address",
          "working_hours: expected HH:MM-HH:MM, like \"09:00-18:00\"",
          "working_days: expected a list of days, like [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]"]),
        (#"{"remind_before_minutes": 20000, "place_dwell_seconds": "a minute"}"#,
         ["remind_before_minutes: expected 0–10080", "place_dwell_seconds: expected a number"]),
        (#"{"attachments": {"max_mib": 1.5, "upload": {"timeout_seconds": 30}}}"#,
         ["attachments.max_mib: expected a whole number", "attachments.upload.sign_command: missing; a program printing the signed URL for an object"]),
        (#"{"modle": "x", "sync": {"url": "https://dav.example/", "pasword_file": "p"}}"#,
         ["modle: unknown key; known here: " + TaskerConfig.topLevelKeys.joined(separator: ", "),
          "sync.pasword_file: unknown key; known here: url, username, password_command, password_file, interval_seconds, send_sealed_notes"]),
        ("{not json", ["config.json: not valid JSON (expected a string key at byte 1)"]),
        ("[1]", ["config.json: must hold one JSON object"]),
    ])
    func eachBadKeyIsOneLine(_ text: String, _ expected: [String]) {
        #expect(TaskerConfig.problems(inText: text) == expected)
    }

    @Test func aValidFileHasNoProblems() {
        let text = #"""
            {"preset": "ollama", "model": "llama3.2", "key_command": ["pass", "show", "x"], "timeout_seconds": 30,
             "first_token_seconds": 5, "confirm": "all", "calendars": [{"name": "Work", "ics": "~/w.ics"}, {"name": "Web", "url": "https://c.example/a.ics"}],
             "working_hours": "08:00-17:00", "working_days": ["Mon", "tue"], "remind_before_minutes": 0, "place_dwell_seconds": 2.5,
             "sync": {"url": "https://dav.example/me/", "username": "me", "password_command": ["pass", "dav"], "interval_seconds": 0, "send_sealed_notes": true},
             "attachments": {"max_mib": 10, "encrypt": true, "upload": {"sign_command": ["/bin/sign"], "timeout_seconds": 12}}}
            """#
        #expect(TaskerConfig.problems(inText: text) == [])
        #expect(TaskerConfig.problems(inText: "  \n") == [])
        #expect(TaskerConfig.problems(inText: #"{"sync": null, "model": null}"#) == [], "null is absent, as the readers take it")
    }

    @Test func showGivesEffectiveValuesAndMasksSecrets() throws {
        let object = try #require(try JSONValue.parse(#"""
            {"model": "m", "first_token_seconds": 5, "key_command": ["pass", "show", "sk-secret"], "sync": {"url": "https://me:hunter2@dav.example/", "password_file": "/p/secret"}}
            """#).objectValue)
        let lines = TaskerConfig.lines(for: object)
        #expect(lines.contains("model = \"m\""))
        #expect(lines.contains("timeout_seconds = 60 (default)"))
        #expect(lines.contains("key_command = (set, not shown)"))
        #expect(lines.contains("first_token_seconds = 5"), "a key whose name says token but holds no secret is shown")
        #expect(TaskerConfig.keys.filter(\.secret).map(\.path) == ["key_command", "sync.password_command", "sync.password_file"])
        #expect(lines.contains("sync.password_file = (set, not shown)"))
        #expect(lines.contains("sync.url = \"https://dav.example/\""))
        #expect(lines.contains("attachments: not set"))
        #expect(!lines.contains { $0.hasPrefix("attachments.") }, "a section not given shows no keys")
        let all = lines.joined(separator: "\n")
        #expect(!all.contains("sk-secret") && !all.contains("hunter2") && !all.contains("/p/secret"))
    }

    /// A reader takes a key's typed value; a bad key gives nil and its one problem, and the keys of a
    /// bad section are not read at all.
    @Test func typedValuesComeFromTheDeclaration() throws {
        let config = TaskerConfig(text: #"""
            {"preset": " Ollama ", "timeout_seconds": 0, "key_command": ["pass", "x"], "working_days": ["Mon"], "working_hours": "08:00-17:00",
             "remind_before_minutes": 5, "calendars": [{"name": "W", "ics": "~/w.ics"}, {"url": "ftp://a"}, {"url": "https://c.example/a.ics"}, 4],
             "sync": {"url": "https://dav.example/", "send_sealed_notes": true}, "attachments": {"max_mib": 2, "upload": 1}}
            """#)
        #expect(config.string(.preset) == "ollama", "a choice is its word")
        #expect(config.number(.timeoutSeconds) == nil && config.problem(.timeoutSeconds)?.reason == "expected more than 0 and at most 3600")
        #expect(config.argv(.keyCommand) == ["pass", "x"] && config.weekdays(.workingDays) == [.mon])
        #expect(config.hours(.workingHours) == WorkingHours(text: "08:00-17:00") && config.integer(.remindBeforeMinutes) == 5)
        #expect(config.number(.firstTokenSeconds) == nil && config.problem(.firstTokenSeconds) == nil, "absent: no value, no problem")
        #expect(config.calendars(.calendars) == [
            TaskerConfig.CalendarEntry(name: "W", location: .file("~/w.ics")), TaskerConfig.CalendarEntry(name: "calendar 3", location: .url("https://c.example/a.ics")),
        ])
        #expect(config.problem(.calendars)?.reason == "entries 2, 4 need a name and either \"ics\": a file or \"url\": an http(s) address")
        #expect(config.section(.sync) && config.string(.syncURL) == "https://dav.example/" && config.bool(.syncSendSealedNotes) == true)
        #expect(config.integer(.attachmentsMaxMiB) == 2 && !config.section(.attachmentsUpload))
        #expect(config.refusal(.attachmentsUpload, instead: "not uploaded") == "config.json: attachments.upload: expected an object; not uploaded")
        #expect(config.problems(in: .model).map(\.path) == ["timeout_seconds"])
        let badSection = TaskerConfig(text: #"{"sync": [{"url": "https://dav.example/"}]}"#)
        #expect(!badSection.section(.sync) && badSection.string(.syncURL) == nil)
        #expect(badSection.problems(in: .sync).map(\.description) == ["sync: expected an object"])
        #expect(TaskerConfig(text: "{").problems.map(\.kind) == [.file])
    }
}
