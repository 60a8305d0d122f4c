import Foundation
import TaskCore
import TaskNL

/// The 16 tools every door uses: call one by name with a JSON object, get a JSON object back.
///
/// A malformed call (unknown tool, missing required argument, wrong type, a date that cannot be read)
/// throws `ToolkitError`; a call that finds nothing (no matching task, an ambiguous title, a missing
/// project) returns `{"ok": false, "error": …}` so an agent can recover. Dates are read as ISO 8601 or
/// natural language, relative to the store's clock and time zone.
public final class TaskToolkit {
    public let store: TaskStore
    public let parser: TaskNLParser

    public init(store: TaskStore, parser: TaskNLParser = TaskNLParser()) {
        self.store = store
        self.parser = parser
    }

    public var tools: [ToolDefinition] { Self.definitions }

    /// The definition of the tool called `name`, if there is one.
    public static func definition(named name: String) -> ToolDefinition? {
        definitions.first { $0.name == name }
    }

    typealias Implementation = @Sendable (TaskToolkit, Arguments) throws -> JSONValue

    /// Tool name → implementation; one entry per definition (checked by a test).
    static let implementations: [String: Implementation] = [
        "capture_task": { try $0.captureTask($1) },
        "create_task": { try $0.createTask($1) },
        "list_tasks": { try $0.listTasks($1) },
        "complete_task": { try $0.completeTask($1) },
        "reschedule_task": { try $0.rescheduleTask($1) },
        "defer_task": { try $0.deferTask($1) },
        "plan_day": { try $0.planDay($1) },
        "create_project": { try $0.createProject($1) },
        "list_projects": { try $0.listProjects($1) },
        "create_space": { try $0.createSpace($1) },
        "create_page": { try $0.createPage($1) },
        "append_to_page": { try $0.appendToPage($1) },
        "read_page": { try $0.readPage($1) },
        "list_pages": { try $0.listPages($1) },
        "link_page": { try $0.linkPage($1) },
        "search_pages": { try $0.searchPages($1) },
    ]

    /// Runs one tool.
    /// - Throws: `ToolkitError` for a malformed call; `TaskStoreError` when the database itself fails
    ///   (unreadable, read-only, corrupt). Lookups that find nothing are `ok:false` results instead.
    public func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue {
        guard let definition = Self.definition(named: name), let implementation = Self.implementations[name] else {
            throw ToolkitError.unknownTool(name)
        }
        if let problem = SchemaValidator.problem(with: arguments, against: definition.inputSchema) {
            throw ToolkitError.invalidArguments(tool: name, message: problem)
        }
        let args = Arguments(tool: name, values: arguments.objectValue ?? [:])
        do {
            return try implementation(self, args)
        } catch let error as TaskStoreError {
            switch error {
            case .notADatabase, .readOnly, .schemaTooNew, .persistence, .notBootstrapped: throw error
            default: return Self.failure(error.description)
            }
        }
    }

    static func failure(_ message: String, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var result = extra
        result["ok"] = false
        result["error"] = .string(message)
        return .object(result)
    }

    static func success(_ members: [String: JSONValue]) -> JSONValue {
        var result = members
        result["ok"] = true
        return .object(result)
    }

    var now: Date { store.clock() }
    var timeZone: TimeZone { store.timeZone }
}
