import Foundation
import TaskCore
import TaskIO
import TaskStore

/// `export_tasks`: everything as a `.unkt` bundle or Taskwarrior JSON in a file, or (few tasks) the
/// task records inline. Reads only: the database is not changed.
public struct ExportTasks: Tool {
    /// The most tasks returned inline; more need a file.
    public static let inlineLimit = 100

    public static let definition = ToolDefinition(
        name: "export_tasks", title: "Export tasks",
        description: "Export tasks: json returns the records inline; unkt, taskwarrior and todotxt write a new file (an agent's path is a file name in its own folder).",
        inputSchema: Schema.arguments([
            "format": Schema.enumeration(["json", "unkt", "taskwarrior", "todotxt"]),
            "filter": Schema.oneOf(["open", "done", "all"], "Default all; a bundle holds everything."),
            "path": Schema.string("A new file (default: a fresh name).", minLength: 1),
        ]),
        scope: .read, idempotent: true, destructive: false)

    public var format: String
    public var filter: String
    public var path: String?

    public init(format: String = "json", filter: String = "all", path: String? = nil) {
        self.format = format
        self.filter = filter
        self.path = path
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(format: arguments.string("format") ?? "json", filter: arguments.string("filter") ?? "all", path: arguments.text("path"))
    }

    public struct Output: ToolOutput {
        public var format: String
        public var count: Int
        public var path: String?
        public var tasks: [JSONValue]?

        /// `path` when written to a file, else `tasks`: each a task record as export writes it (`TaskRecord+JSON`).
        public static let schema = OutputSchema.object(
            ["format": OutputSchema.string, "count": OutputSchema.integer, "path": OutputSchema.string,
             "tasks": OutputSchema.array(OutputSchema.task(at: .record))],
            optional: ["path", "tasks"])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            var members: [String: JSONValue] = ["format": .string(self.format), "count": .int(count)]
            if let path { members["path"] = .string(path) }
            if let tasks { members["tasks"] = .array(tasks) }
            return members
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        var records = try RecordSets(toolkit.store).records()
        if format != "unkt" && filter != "all" {
            let wanted: TaskStatus = filter == "done" ? .done : .open
            records.tasks = records.tasks.filter { $0.status == wanted }
        }
        guard format == "unkt" || format == "taskwarrior" || format == "todotxt" else {
            guard path == nil else {
                return .refused(ToolRefusal("format json is returned inline; leave out path, or use format unkt or taskwarrior for a file"))
            }
            guard records.tasks.count <= Self.inlineLimit else {
                return .refused(ToolRefusal("\(records.tasks.count) tasks are too many to return inline (at most \(Self.inlineLimit)); use format unkt or taskwarrior for a file"))
            }
            return .done(Output(format: format, count: records.tasks.count, path: nil, tasks: records.tasks.map(\.json)))
        }
        let stamp = TaskStore.wholeSeconds(toolkit.store.clock())
        let file: NewFile
        if let path {
            file = try toolkit.files.newFile(path)
        } else {
            let day = LocalDate(stamp, in: toolkit.store.timeZone).description.replacingOccurrences(of: "-", with: "")
            file = try toolkit.files.freshFile(prefix: "tasker-export", extension: format == "unkt" ? "unkt" : format == "todotxt" ? "txt" : "json",
                                               day: day, database: toolkit.store.path)
        }
        do {
            if format == "unkt" {
                try UnktBundle.write(records, to: file, generator: "tasker", created: stamp, objects: toolkit.objects,
                                     openEncrypted: toolkit.objects.map { objects in { try Attachments(toolkit.store).encryptedObjects(sha256: $0, in: objects) } })
            } else {
                let zone = toolkit.store.timeZone
                let text = format == "todotxt" ? TodoTxtWriter(timeZone: zone).write(records) : TaskwarriorWriter(timeZone: zone).write(records)
                try file.write(Array(text.utf8))
            }
        } catch let error as IOError {
            return .refused(ToolRefusal(toolkit.files.scrubbed(error.description, database: toolkit.store.path)))
        }
        return .done(Output(format: format, count: records.tasks.count, path: file.shown, tasks: nil))
    }
}
