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
}
