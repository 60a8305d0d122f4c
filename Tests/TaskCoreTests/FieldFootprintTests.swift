import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// The files that spell a task field's keys: adding a field should be its declaration in `TaskField`,
/// the store's column and mapping, and the adapters that genuinely map it — not a key string repeated
/// in every codec.
///
/// For two fields taken as the example (`energy`, `estimateMinutes`), every source file that spells one
/// of the field's declared keys (at any door) as a string literal is listed, and the list must be the
/// expected one below, each with why it spells the key. A new file spelling such a key fails here: derive
/// it from `TaskField` instead, or add it with its reason.
@Suite struct FieldFootprintTests {
    /// Sources that spell `energy`'s keys, and why.
    static let energy: [String: String] = [
        "TaskField.swift": "the declaration",
        "CreateTask.swift": "the tool's arguments (input schema and reading)",
        "UpdateTask.swift": "the tool's arguments (input schema and reading)",
        "TaskWords+Changes.swift": "the words an update's confirmation shows",
        "PlanDay.swift": "plan_day's own energy argument and its plan items",
        "LLMTaskBackend.swift": "the model's answer schema (measured prompt, left as it is)",
        "ModelTask.swift": "the model's answer (measured prompt, left as it is)",
        "ModelTurn.swift": "the draft summary the model sees (measured prompt, left as it is)",
        "IntentRouter+Rules.swift": "a filler word of the plan phrasing, not the field",
        "ParseResult+JSON.swift": "parse --json -'s byte path, by hand for speed (held to the declared tree by ParseResultJSONTests)",
        "ParseCommand.swift": "the label parse prints for a person",
        "PlanCalendarBenchmark.swift": "plan_day's energy argument",
        "REPLBenchmark.swift": "plan_day's energy argument",
        "ToolkitBenchmark.swift": "plan_day's energy argument",
    ]

    /// Sources that spell `estimateMinutes`' keys, and why.
    static let estimate: [String: String] = [
        "TaskField.swift": "the declaration",
        "RecordSets.swift": "the store's column (a malformed record names it)",
        "TaskStore+TaskRows.swift": "the store's column (a bad value names it)",
        "VTodoMapping.swift": "the VTODO property X-TASKER-ESTIMATE, read and written",
        "CreateTask.swift": "the tool's arguments (input schema and reading)",
        "UpdateTask.swift": "the tool's arguments (input schema and reading)",
        "TemplateSchema.swift": "create_template's input schema",
        "TaskWords+Changes.swift": "the words an update's confirmation shows",
        "LLMTaskBackend.swift": "the model's answer schema (measured prompt, left as it is)",
        "ModelTask.swift": "the model's answer (measured prompt, left as it is)",
        "ModelTurn.swift": "the draft summary the model sees (measured prompt, left as it is)",
        "ParseResult+JSON.swift": "parse --json -'s byte path, by hand for speed (held to the declared tree by ParseResultJSONTests)",
        "ParseCommand.swift": "the label parse prints for a person",
        "MCPBenchmark.swift": "create_task arguments of the benchmark",
    ]

    @Test func energyIsSpelledOnlyWhereExpected() throws {
        let files = try Self.filesSpelling(.energy)
        #expect(files == Set(Self.energy.keys), "spelled in \(files.subtracting(Self.energy.keys).sorted()), no longer in \(Set(Self.energy.keys).subtracting(files).sorted())")
    }

    @Test func estimateIsSpelledOnlyWhereExpected() throws {
        let files = try Self.filesSpelling(.estimateMinutes)
        #expect(files == Set(Self.estimate.keys), "spelled in \(files.subtracting(Self.estimate.keys).sorted()), no longer in \(Set(Self.estimate.keys).subtracting(files).sorted())")
    }

    @Test func theScanFindsAKeyInAFile() throws {
        #expect(Self.spells("        if let e = r[\"energy\"] { }", keys: ["energy"]))
        #expect(Self.spells("key(#\",\"energy\":\"#)", keys: ["energy"]))
        #expect(!Self.spells("    /// the \"energy\" member", keys: ["energy"]))
        #expect(!Self.spells("t.energy = value", keys: ["energy"]))
    }

    /// The names of the source files under `Sources/` that spell one of `field`'s keys, at any door, as
    /// a string literal outside comments (names, not paths: moving a file between folders changes nothing).
    static func filesSpelling(_ field: TaskField) throws -> Set<String> {
        let keys = Set(field.declaration.values.map(\.key))
        let sources = FixtureFile.repositoryRoot.appendingPathComponent("Sources")
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var files: Set<String> = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            if spells(text, keys: keys) {
                files.insert(url.lastPathComponent)
            }
        }
        return files
    }

    /// Whether `text` has `"key"` for one of `keys` on a line that is not a comment.
    static func spells(_ text: String, keys: Set<String>) -> Bool {
        text.split(separator: "\n").contains { line in
            !line.drop { $0 == " " }.hasPrefix("//") && keys.contains { line.contains("\"\($0)\"") }
        }
    }
}
