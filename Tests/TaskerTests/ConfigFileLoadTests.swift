import Foundation
import Testing
import TaskCore
import TaskerTestSupport
@testable import tasker

/// config.json is parsed once for every setup, the model's included: a broken file is one problem,
/// which ModelSetup reports as before.
@Suite struct ConfigFileLoadTests {
    @Test func aBrokenFileIsOneProblemTheModelSetupReports() throws {
        let directory = TemporaryDirectory("config-file-load")
        let folder = directory.url.path
        #expect(ConfigFile.config(in: folder).object.isEmpty && ConfigFile.config(in: folder).problems.isEmpty, "no file: no object, no problem")
        #expect(ModelSetup(configDirectory: folder, environment: [:]).configProblem == nil)
        let path = directory.path("config.json")
        try Data("{\"model\": ".utf8).write(to: URL(fileURLWithPath: path))
        let loaded = ConfigFile.config(in: folder)
        #expect(loaded.object.isEmpty)
        #expect(loaded.problems.map(\.kind) == [.file])
        #expect(loaded.problems.first?.reason == "not valid JSON (unexpected end of input at byte 10)")
        let setup = ModelSetup(configDirectory: folder, environment: [:])
        #expect(setup.configProblem.map { "\($0)" }?.contains("not valid JSON (unexpected end of input at byte 10)") == true)
        try Data(" \n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(ConfigFile.config(in: folder).object.isEmpty && ConfigFile.config(in: folder).problems.isEmpty, "blank: an empty object, as ModelConfig took it")
        try Data(#"{"model": "m", "remind_before_minutes": 5}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(ModelSetup(configDirectory: folder, environment: [:]).config.model == "m")
        #expect(ReminderConfig(configDirectory: folder).leadMinutes == 5)
    }

    /// A 300 MB config.json (sparse: no disk used) is refused by its size in one line, fast, by every
    /// reader: before, each command read and parsed it whole (past 30 s).
    @Test func aFileOverOneMebibyteIsRefusedUnread() throws {
        let directory = TemporaryDirectory("config-file-large")
        let folder = directory.url.path
        let path = directory.path("config.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{\"model\": \"m\"}".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 300 << 20)
        try handle.close()
        let start = Date()
        let loaded = ConfigFile.config(in: folder)
        let setup = ModelSetup(configDirectory: folder, environment: [:])
        let took = Date().timeIntervalSince(start)
        let reason = "is 314,572,800 bytes, over the 1 MiB a config.json may hold, so it was not read and every setting takes its default; it holds settings only: trim it"
        #expect(loaded.problems.map(\.description) == ["config.json: " + reason])
        #expect(loaded.object.isEmpty)
        #expect(setup.configProblem.map { "\($0)" }?.contains(reason) == true)
        #expect(TaskerConfig.fileText(at: path) == .unusable(reason))
        #expect(took < 2, "\(took) s (reading it took 17 s)")
        // One byte under the cap is read as usual.
        let small = directory.path("small.json")
        try Data(("{\"model\": \"m\"}" + String(repeating: " ", count: (1 << 20) - 14)).utf8).write(to: URL(fileURLWithPath: small))
        #expect(TaskerConfig(file: small).object["model"] == "m")
        #expect(TaskerConfig.fileText(at: directory.path("missing.json")) == .missing)
    }
}
