import Foundation
import Testing
import TaskerTestSupport

/// A config.json that cannot be used is always one line on stderr naming the file and the problem,
/// whichever command reads it; the chat and `parse --refine` go on with the rules.
@Suite struct ConfigProblemTests {
    /// This test's folder, removed after it.
    let directory = TemporaryDirectory("config-problem")

    private func brokenConfig() throws -> (home: String, environment: [String: String]) {
        let home = directory.path
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        try #"{"preset": "openai", "timeout_seconds": -1}"#.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8)
        return (home, ["XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state"])
    }

    private static let problem = "config.json: 'timeout_seconds' must be a number of seconds between 1 and 3600"

    @Test func theChatSaysSoAndRunsOnTheRules() throws {
        let (_, environment) = try brokenConfig()
        let result = try TaskerBinary.run([], stdin: "buy milk tomorrow\n", environment: environment)
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("tasker: rules only: ") == true)
        #expect(result.stderr.contains(Self.problem))
        #expect(result.stdout.contains("Buy milk"))
    }

    @Test func refineWithJSONStillNamesItOnStderr() throws {
        let (_, environment) = try brokenConfig()
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "buy milk"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(Self.problem))
        #expect(result.stdout.contains(Self.problem), "and in the notice")
    }

    @Test func keyStatusIsAUsageError() throws {
        let (_, environment) = try brokenConfig()
        let result = try TaskerBinary.run(["key", "status"], environment: environment)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(Self.problem))
    }

    @Test func keySetSavesTheKeyAndNamesTheProblem() throws {
        let (home, environment) = try brokenConfig()
        let result = try TaskerBinary.run(["key", "set"], stdin: "sk-config-problem\n", environment: environment)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: home + "/tasker/key"))
        #expect(result.stderr.contains(Self.problem))
        #expect(!result.stderr.contains("sk-config-problem"))
    }
}
