import Foundation
import Testing
import TaskCore
import TaskLLM
import TaskerTestSupport
@testable import tasker

/// The setups that read each section take their values from the declaration (`TaskerConfig`), so they
/// agree with `tasker config check`: a value the check names is one its reader refuses too, in one
/// line naming the key (a problem line and its default, or an error), and a file the check passes
/// gives every reader no problem.
@Suite struct ConfigReadersAgreeTests {
    /// The problems every reader has with `text` as config.json.
    private func readerProblems(_ text: String) throws -> [String] {
        let directory = TemporaryDirectory("config-readers")
        let folder = directory.url.path
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory.path("config.json")))
        var problems: [String] = []
        if let problem = ModelSetup(configDirectory: folder, environment: [:]).configProblem { problems.append("\(problem)") }
        let planning = PlanningSetup(configDirectory: folder, cacheDirectory: directory.folder("cache"), environment: [:], clock: { Date() })
        problems += planning.settings.problems
        if let problem = ReminderConfig(configDirectory: folder).problem { problems.append(problem) }
        problems += AttachmentSetup(configDirectory: folder, databasePath: directory.path("t.sqlite")).problems
        do { _ = try SyncSetup.load(configDirectory: folder, environment: [:]) } catch { problems.append("\(error)") }
        return problems
    }

    @Test(arguments: [
        (#"{"preset": "nope"}"#, "preset"), (#"{"base_url": "ftp://x/v1"}"#, "base_url"), (#"{"model": ""}"#, "model"),
        (#"{"key_command": []}"#, "key_command"), (#"{"timeout_seconds": 0}"#, "timeout_seconds"),
        (#"{"first_token_seconds": 4000}"#, "first_token_seconds"), (#"{"confirm": "sometimes"}"#, "confirm"),
        (#"{"calendars": [{"name": "x", "url": "ftp://a"}]}"#, "calendars"), (#"{"calendars": 3}"#, "calendars"),
        (#"{"working_hours": "9-5"}"#, "working_hours"), (#"{"working_days": ["mon", "funday"]}"#, "working_days"),
        (#"{"remind_before_minutes": 20000}"#, "remind_before_minutes"), (#"{"place_dwell_seconds": "a minute"}"#, "place_dwell_seconds"),
        (#"{"sync": {"url": 5}}"#, "sync.url"), (#"{"sync": {"username": "me"}}"#, "sync.url"), (#"{"sync": []}"#, "sync"),
        (#"{"sync": {"url": "https://d.example/", "interval_seconds": -1}}"#, "sync.interval_seconds"),
        (#"{"attachments": 3}"#, "attachments"), (#"{"attachments": {"max_mib": 0}}"#, "attachments.max_mib"),
        (#"{"attachments": {"encrypt": "yes"}}"#, "attachments.encrypt"), (#"{"attachments": {"upload": 1}}"#, "attachments.upload"),
        (#"{"attachments": {"upload": {"sign_command": []}}}"#, "attachments.upload.sign_command"),
        (#"{"attachments": {"upload": {"sign_command": ["s"], "timeout_seconds": 0}}}"#, "attachments.upload.timeout_seconds"),
    ])
    func aKeyTheCheckNamesIsOneItsReaderRefuses(_ text: String, _ key: String) throws {
        #expect(TaskerConfig.problems(inText: text).contains { $0.hasPrefix(key + ":") }, "the check names \(key)")
        let problems = try readerProblems(text)
        #expect(problems.count == 1, "the reader of \(key) refuses it too, in one line: \(problems)")
        #expect(problems.first?.contains(String(key.split(separator: ".").last ?? "")) == true, "naming it: \(problems)")
    }

    @Test func aFileTheCheckPassesGivesNoReaderAProblem() throws {
        let text = #"""
            {"preset": "ollama", "model": "llama3.2", "key_command": ["pass", "show", "x"], "timeout_seconds": 30,
             "first_token_seconds": 5, "confirm": "all", "calendars": [{"name": "Work", "ics": "w.ics"}],
             "working_hours": "08:00-17:00", "working_days": ["Mon", "tue"], "remind_before_minutes": 0, "place_dwell_seconds": 2.5,
             "sync": {"url": "https://dav.example/me/", "username": "me", "password_command": ["pass", "dav"], "interval_seconds": 0},
             "attachments": {"max_mib": 10, "encrypt": true, "upload": {"sign_command": ["/bin/sign"], "timeout_seconds": 12}}}
            """#
        #expect(TaskerConfig.problems(inText: text) == [])
        #expect(try readerProblems(text) == [])
    }

    /// Each reader's values are the declaration's typed values.
    @Test func theReadersTakeTheDeclarationsValues() throws {
        let directory = TemporaryDirectory("config-readers")
        let folder = directory.url.path
        try Data(#"""
            {"calendars": [{"name": "Work", "ics": "w.ics"}, {"name": "Bad", "url": "ftp://x"}, {"url": "https://c.example/a.ics"}],
             "working_hours": "08:00-17:00", "working_days": ["Mon", "tue"], "remind_before_minutes": 0, "place_dwell_seconds": 2.5,
             "sync": {"url": "https://dav.example/me/", "username": "me", "password_file": "pw", "interval_seconds": 0, "send_sealed_notes": true},
             "attachments": {"max_mib": 10, "encrypt": true, "upload": {"sign_command": ["/bin/sign"], "timeout_seconds": 12}}}
            """#.utf8).write(to: URL(fileURLWithPath: directory.path("config.json")))
        let planning = PlanningSetup(configDirectory: folder, cacheDirectory: directory.folder("cache"), environment: [:], clock: { Date() })
        #expect(planning.settings.workingHours == WorkingHours(text: "08:00-17:00"))
        #expect(planning.settings.workingDays == [.mon, .tue])
        #expect(planning.calendars?.sources.map(\.name) == ["Work", "calendar 3"], "a bad entry is skipped, the others kept")
        #expect(planning.settings.problems == [
            "config.json: calendars: entry 2 needs a name and either \"ics\": a file or \"url\": an http(s) address; skipped",
        ])
        let reminders = ReminderConfig(configDirectory: folder)
        #expect(reminders.leadMinutes == 0 && reminders.placeDwellSeconds == 2.5 && reminders.problem == nil)
        let sync = try #require(try SyncSetup.load(configDirectory: folder, environment: [:]))
        #expect(sync.url == "https://dav.example/me/" && sync.username == "me" && sync.passwordFile == folder + "/pw")
        #expect(sync.interval == 0 && sync.sendsSealedNotes && sync.passwordCommand == nil)
        let attachments = AttachmentSetup(configDirectory: folder, databasePath: directory.path("t.sqlite"))
        #expect(attachments.objects.maxBytes == 10 << 20 && attachments.objects.encryptByDefault && attachments.problems.isEmpty)
        #expect((attachments.uploader as? SignedUpload)?.timeout == 12)
    }

    /// The defaults docs/CONFIG.md shows are the ones the readers use.
    @Test func theReadersDefaultsAreTheDeclared() throws {
        let directory = TemporaryDirectory("config-readers")
        let folder = directory.url.path
        func declared(_ key: ConfigKey) -> Double? { Double(key.defaultText) }
        let model = ModelSetup(configDirectory: folder, environment: [:]).config
        #expect(model.timeoutSeconds == declared(.timeoutSeconds) && model.firstTokenSeconds == declared(.firstTokenSeconds))
        #expect(model.confirm.rawValue == ConfigKey.confirm.defaultText && model.baseURL == EndpointPreset(rawValue: ConfigKey.preset.defaultText)?.baseURL)
        let reminders = ReminderConfig(configDirectory: folder)
        #expect(Double(reminders.leadMinutes) == declared(.remindBeforeMinutes) && reminders.placeDwellSeconds == declared(.placeDwellSeconds))
        try Data(#"{"sync": {"url": "https://dav.example/"}, "attachments": {"upload": {"sign_command": ["/bin/sign"]}}}"#.utf8)
            .write(to: URL(fileURLWithPath: directory.path("config.json")))
        let sync = try #require(try SyncSetup.load(configDirectory: folder, environment: [:]))
        #expect(sync.interval == declared(.syncIntervalSeconds) && String(sync.sendsSealedNotes) == ConfigKey.syncSendSealedNotes.defaultText)
        let attachments = AttachmentSetup(configDirectory: folder, databasePath: directory.path("t.sqlite"))
        #expect(Double(attachments.objects.maxBytes >> 20) == declared(.attachmentsMaxMiB))
        #expect(String(attachments.objects.encryptByDefault) == ConfigKey.attachmentsEncrypt.defaultText)
        #expect((attachments.uploader as? SignedUpload)?.timeout == declared(.uploadTimeoutSeconds))
    }
}
