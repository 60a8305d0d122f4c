import Foundation
import Testing
import TaskCore
import TaskLLM
import TaskerTestSupport

/// docs/CONFIG.md is generated from `TaskerConfig`; run with `TASKER_UPDATE_DOCS=1` to write it
/// again after changing the declaration.
@Suite struct ConfigReferenceTests {
    @Test func docsConfigIsTheDeclaration() throws {
        let url = FixtureFile.repositoryRoot.appendingPathComponent("docs/CONFIG.md")
        if ProcessInfo.processInfo.environment["TASKER_UPDATE_DOCS"] == "1" {
            try TaskerConfig.document.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == TaskerConfig.document,
                "docs/CONFIG.md differs from TaskerConfig; run TASKER_UPDATE_DOCS=1 swift test --filter ConfigReferenceTests")
    }

    /// The README says where the keys are instead of listing them.
    @Test func theReadmeLinksToIt() throws {
        let readme = try String(contentsOf: FixtureFile.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("(docs/CONFIG.md)"))
        #expect(!readme.contains("| `sync.url` |"), "no second copy of the reference")
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
