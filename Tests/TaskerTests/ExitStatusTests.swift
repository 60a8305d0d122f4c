import Foundation
import Testing
import TaskCLI
import TaskCore
import TaskCrypto
import TaskIO
import TaskLLM
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import tasker

/// Each error type reports the exit status docs/COMMANDS.md's "Exit status" table gives it, through
/// `TaskerApp.report` (the one `catch`), with the line it always had.
@Suite struct ExitStatusTests {
    /// An error of each type the table names, under the name it is written with.
    static let samples: [String: [any Error]] = [
        "UsageError": [UsageError("unknown command 'frob'; run `tasker --help` for the list")],
        "ToolkitError": [ToolkitError.unknownTool("frob"), ToolkitError.invalidArguments(tool: "create_task", message: "title is required")],
        "JSONParseError": [JSONParseError(offset: 3, reason: "expected a value")],
        "UTF8Input.Invalid": [UTF8Input.Invalid(source: "argument 2", offset: 1)],
        "LLMError.config": [LLMError.config(path: "/tmp/config.json", problem: "model: expected a string")],
        "LLMError": [LLMError.unauthorized(status: 401), LLMError.cancelled],
        "TaskStoreError": [TaskStoreError.notBootstrapped, TaskStoreError.listNotFound("Inbox")],
        "CryptoError": [CryptoError.unavailable, CryptoError.malformedKey("too short")],
        "IOError": [IOError.cannotRead(path: "/tmp/x.json", reason: "no such file")],
        "CommandFailure": [CommandFailure("the sign command failed; check attachments.upload")],
        "any other": [CancellationError()],
    ]

    /// The table's rows: each backticked name (and "any other") with its status.
    static func documented() throws -> [String: Int32] {
        let text = try String(contentsOf: FixtureFile.repositoryRoot.appendingPathComponent("docs/COMMANDS.md"), encoding: .utf8)
        let section = try #require(text.range(of: "## Exit status")).upperBound
        var statuses: [String: Int32] = [:]
        for line in text[section...].split(separator: "\n").prefix(while: { !$0.hasPrefix("## ") }) where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, let status = Int32(cells[0]) else { continue }
            let names = cells[2].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            for name in names + (cells[2].hasSuffix("any other") ? ["any other"] : []) { statuses[name] = status }
        }
        return statuses
    }

    @Test func eachErrorTypeExitsWithItsDocumentedStatus() throws {
        let documented = try Self.documented()
        #expect(documented.count == Self.samples.count, "the table names \(documented.keys.sorted()); the samples \(Self.samples.keys.sorted())")
        for (name, status) in documented {
            let errors = try #require(Self.samples[name], "docs/COMMANDS.md names \(name): add a sample of it here")
            for error in errors {
                #expect(TaskerApp.report(error).status == status, "\(name): \(error) should exit \(status)")
            }
        }
    }

    @Test func theLinesAreTheOnesTheLadderPrinted() {
        #expect(TaskerApp.report(UsageError("no such option --frob")).line == "tasker: no such option --frob")
        #expect(TaskerApp.report(JSONParseError(offset: 0, reason: "expected a value")).line
            == #"tasker: invalid JSON at byte 0: expected a value; pass one JSON object, e.g. '{"title": "Call mom"}'"#)
        let store = TaskStoreError.listNotFound("Inbox")
        #expect(TaskerApp.report(store).line == "tasker: \(store)")
        #expect(TaskerApp.report(CancellationError()).line == "tasker: \(CancellationError())")
    }

    /// Every type in Sources that adopts `ExitCodeError` is in the table, so a new one is documented.
    @Test func everyAdopterIsDocumented() throws {
        let documented = try Self.documented()
        let adoption = try NSRegularExpression(pattern: #"(?:struct|enum|class)\s+(\w+)\s*:[^{]*\bExitCodeError\b"#)
        var adopters: [String] = []
        for file in try SourceTree.swiftFiles() {
            let text = file.text
            for match in adoption.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                adopters.append(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(adopters.count >= 9, "the scan found the adopters (\(adopters))")
        let missing = adopters.filter { name in !documented.keys.contains { $0 == name || $0.hasSuffix("." + name) } }
        #expect(missing.isEmpty, "docs/COMMANDS.md's Exit status table does not name \(missing.joined(separator: ", "))")
    }
}
