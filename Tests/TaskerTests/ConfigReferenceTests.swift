import Foundation
import Testing
import TaskCore
import TaskLLM
import TaskerTestSupport

/// The README's configuration reference is generated from `TaskerConfig`; run with
/// `TASKER_UPDATE_README=1` to write it again after changing the declaration.
@Suite struct ConfigReferenceTests {
    static let begin = "<!-- config-reference: generated from TaskerConfig; TASKER_UPDATE_README=1 swift test --filter ConfigReferenceTests -->"
    static let end = "<!-- config-reference end -->"

    @Test func theReadmeReferenceIsTheDeclaration() throws {
        let url = FixtureFile.repositoryRoot.appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(readme.range(of: Self.begin), "README.md has the reference's start marker")
        let stop = try #require(readme.range(of: Self.end, range: start.upperBound..<readme.endIndex), "and its end marker")
        let generated = "\n" + TaskerConfig.reference + "\n"
        if ProcessInfo.processInfo.environment["TASKER_UPDATE_README"] == "1" {
            try (readme[..<start.upperBound] + generated + readme[stop.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(readme[start.upperBound..<stop.lowerBound]) == generated,
                "README.md's configuration reference differs from TaskerConfig; run TASKER_UPDATE_README=1 swift test --filter ConfigReferenceTests")
    }

    @Test func everyDeclaredKeyIsInTheReference() {
        for key in TaskerConfig.keys { #expect(TaskerConfig.reference.contains("| `\(key.path)` |"), "\(key.path)") }
    }

    /// The model's choices are declared as words in TaskCore; they must be the enums' cases.
    @Test func theModelChoicesAreTheEnumsCases() throws {
        func choices(_ path: String) -> [String]? {
            guard case .choice(let words) = TaskerConfig.keys.first(where: { $0.path == path })?.kind else { return nil }
            return words
        }
        #expect(choices("preset") == EndpointPreset.allCases.map(\.rawValue))
        #expect(choices("confirm") == ModelConfig.Confirm.allCases.map(\.rawValue))
        #expect(ModelConfig.knownKeys == TaskerConfig.topLevelKeys)
    }
}
