import Foundation
import TaskCore
import TaskIO
import TaskStore

/// `import_tasks`: a `.unkt` bundle or Taskwarrior JSON file into the database, by UUID, all or nothing.
public struct ImportTasks: Tool {
    public static let definition = ToolDefinition(
        name: "import_tasks", title: "Import tasks",
        description: "Import a .unkt bundle, Taskwarrior export or todo.txt file in one transaction; mode merge (default), replace or skip; dry_run writes nothing.",
        inputSchema: Schema.arguments([
            "path": Schema.string(nil, minLength: 1),
            "format": Schema.oneOf(["unkt", "taskwarrior", "todotxt"], "Default: by the file's extension."),
            "mode": Schema.enumeration(ImportMode.allCases.map(\.rawValue)),
            "dry_run": Schema.flag,
        ], required: ["path"]),
        scope: .destructive, idempotent: false, destructive: true)

    public var path: String
    public var format: String?
    public var mode: ImportMode
    public var dryRun: Bool

    public init(path: String, format: String? = nil, mode: ImportMode = .merge, dryRun: Bool = false) {
        self.path = path
        self.format = format
        self.mode = mode
        self.dryRun = dryRun
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(path: arguments.text("path") ?? "", format: arguments.string("format"),
                  mode: arguments.string("mode").flatMap(ImportMode.init(rawValue:)) ?? .merge, dryRun: arguments.bool("dry_run"))
    }

    public struct Output: ToolOutput {
        public var report: ImportReport

        public static let schema = OutputSchema.object(
            ["added": OutputSchema.integer, "updated": OutputSchema.integer, "unchanged": OutputSchema.integer,
             "skipped": OutputSchema.integer, "dry_run": OutputSchema.boolean, "warnings": OutputSchema.array(OutputSchema.string)])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["added": .int(report.added), "updated": .int(report.updated), "unchanged": .int(report.unchanged),
             "skipped": .int(report.skipped), "dry_run": .bool(report.dryRun), "warnings": .array(report.warnings.map(JSONValue.string))]
        }
    }

    /// The format given, else the one the file's extension names.
    var resolvedFormat: String {
        if let format { return format }
        let lower = path.lowercased()
        return lower.hasSuffix(".unkt") ? "unkt" : lower.hasSuffix(".txt") ? "todotxt" : "taskwarrior"
    }

    var isBundle: Bool { resolvedFormat == "unkt" }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let shown = toolkit.files.isConfined ? "'\(path)' from the agent's folder" : path
        return .ready("\(dryRun ? "Check" : "Import") the \(resolvedFormat) file \(shown) (mode \(mode.rawValue))")
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        do {
            // Confined: read through the descriptor opened inside the agent's folder, named as the agent named it.
            return try toolkit.files.reading(path) { file, source in
                let imported: ImportedRecords
                if isBundle {
                    imported = try UnktBundle.read(path: file, source: source, objects: toolkit.objects)
                } else {
                    guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                        throw IOError.cannotRead(path: source, reason: "no such file, not readable, or not UTF-8")
                    }
                    let store = toolkit.store
                    let projects = try RecordSets(store).projectRecords()
                    if resolvedFormat == "todotxt" {
                        imported = try TodoTxtReader(timeZone: store.timeZone, now: store.clock(), projects: projects).read(text, source: source)
                    } else {
                        imported = try TaskwarriorReader(timeZone: store.timeZone, now: store.clock(), projects: projects).read(text, source: source)
                    }
                }
                var report = try RecordImporter(store: toolkit.store, source: source, locations: imported.locations)
                    .apply(imported.records, mode: mode, dryRun: dryRun, objects: toolkit.objects, staged: imported.staged)
                report.warnings = imported.warnings
                return .done(Output(report: report))
            }
        } catch let error as IOError {
            return .refused(ToolRefusal(toolkit.files.scrubbed(error.description, database: toolkit.store.path)))
        }
    }

    /// An import reads a file: an approval pins its bytes.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        var footprint = CallFootprint(scope: Self.definition.scope)
        footprint.fileRead = path
        return footprint
    }
}
