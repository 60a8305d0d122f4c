import Foundation
import Testing
import TaskCore
import TaskerTestSupport
@testable import tasker

/// `tasker config check` (the declaration) and the setups that read each section agree: a value the
/// check names is one its reader refuses too (a problem line, its default, or an error), and a file the
/// check passes gives every reader no problem.
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
        #expect(try !readerProblems(text).isEmpty, "the reader of \(key) refuses it too")
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
}
