import Foundation
import TaskCore
import TaskStore

/// One tool of the catalogue, declared in one type: a value of the type is one call of the tool.
///
/// The type says what the tool is called and what it does (`definition`: name, description, JSON
/// Schema, annotations), how its typed arguments are read from schema-checked JSON (`init`), what
/// a pending call will do in words with its target resolved (`preview`), how it runs (`run`, with a
/// typed `Output`), and how to take it back (`undo`). The doors that speak JSON (`tasker call`, MCP,
/// the model) go through `TaskToolkit.call`; the chat builds calls as typed values.
///
/// Adding a tool is one new file with such a type plus one line in `TaskToolkit.standardTools`.
public protocol Tool: Sendable, Hashable {
    associatedtype Output: ToolOutput
    /// Name, description, JSON Schema and annotations, as every client sees them.
    static var definition: ToolDefinition { get }
    /// Reads the arguments after they passed the schema.
    /// - Throws: `ToolkitError.invalidArguments` for what the schema cannot express.
    init(_ arguments: ToolArguments) throws
    /// What the call will do, in plain words, with the task or page it names looked up first.
    /// - Throws: `ToolkitError` for an argument that cannot be read; `TaskStoreError` when storage fails.
    func preview(in toolkit: TaskToolkit) throws -> ToolPreview
    /// Runs the call. A lookup that finds nothing is a `.refused` outcome, not an error.
    /// - Throws: `ToolkitError` for an argument that cannot be read; `TaskStoreError` when storage fails.
    func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output>
    /// How to take back a call that ran, or nil when it cannot (or need not) be undone.
    func undo(after output: Output) -> UndoAction?
    /// What the call would touch and the scope its effects need, read with the same lookups `run`
    /// uses (`CallFootprint` states the rule). The agent gate decides on it.
    /// - Throws: `ToolkitError` for an argument that cannot be read; `TaskStoreError` when storage fails.
    func footprint(in toolkit: TaskToolkit) throws -> CallFootprint
}

extension Tool {
    /// Whether `other` is the same call (same tool, same arguments).
    public func isSameCall(as other: any Tool) -> Bool { (other as? Self) == self }

    public var definition: ToolDefinition { Self.definition }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview { .ready(Self.definition.title) }

    public func undo(after output: Output) -> UndoAction? { nil }
}

/// A tool that names one task by id or title, so a caller can point it at another candidate.
public protocol TaskTargeting: Tool {
    var target: TaskReference { get set }
    /// Whether a title and an id both find only open tasks (complete, reschedule, defer), rather than
    /// a title finding open tasks and an id any task (`findEditable`). `findTarget(of:)` reads it, for
    /// the tool's run and the agent gate alike.
    static var targetsOpenTasksOnly: Bool { get }
}

extension TaskTargeting {
    public static var targetsOpenTasksOnly: Bool { false }
}

/// What a tool returns when it ran: typed values that the JSON doors encode and the chat renders.
public protocol ToolOutput: Sendable {
    /// The JSON Schema of `json`'s members (an `OutputSchema.object`): what `outputSchema` says a
    /// result holds besides `"ok": true`. Declared beside `json`; `OutputSchemaTests` checks they agree.
    static var schema: JSONValue { get }
    /// The members of the JSON result besides `"ok": true`.
    func json(_ format: ResultFormat) -> [String: JSONValue]
    /// Appends the whole result, `{"ok": true, …}`, compact: the same bytes as encoding `json` with
    /// `"ok": true` added. Outputs that carry many tasks write them directly (`appendTask`).
    func appendResult(_ format: ResultFormat, to out: inout [UInt8])
    /// The one task this result is about (saved, changed, completed, attached to), or nil: what the
    /// chat's "/attach FILE" alone attaches to next.
    var focusTask: TaskID? { get }
}

extension ToolOutput {
    public var focusTask: TaskID? { nil }

    public func appendResult(_ format: ResultFormat, to out: inout [UInt8]) {
        var members = json(format)
        members["ok"] = true
        JSONValue.object(members).appendEncoded(to: &out)
    }
}

/// How a tool call ended: with its output, or refused with a reason an agent can act on (no match,
/// several matches, a missing project).
public enum ToolOutcome<Output: ToolOutput>: Sendable {
    case done(Output)
    case refused(ToolRefusal)

    /// `{"ok": true, …}` or `{"ok": false, "error": …, "candidates": […]}`.
    public func json(_ format: ResultFormat) -> JSONValue {
        switch self {
        case .done(let output):
            var members = output.json(format)
            members["ok"] = true
            return .object(members)
        case .refused(let refusal): return refusal.json(format)
        }
    }

    /// `json(format)`'s compact encoding, appended to `out`.
    public func appendEncoded(_ format: ResultFormat, to out: inout [UInt8]) {
        switch self {
        case .done(let output): output.appendResult(format, to: &out)
        case .refused(let refusal): refusal.json(format).appendEncoded(to: &out)
        }
    }

    public var output: Output? {
        if case .done(let output) = self { return output }
        return nil
    }
}

/// Why a call did not run, with the records it could have meant when a title matched several.
public struct ToolRefusal: Error, Sendable, Hashable {
    public var message: String
    public var candidates: [Candidate]
    /// Open subtasks that stopped the call (completing or deleting their parent), shown as
    /// `open_subtasks`; not candidates to pick from.
    public var openSubtasks: [TaskItem]

    public init(_ message: String, candidates: [Candidate] = [], openSubtasks: [TaskItem] = []) {
        self.message = message
        self.candidates = candidates
        self.openSubtasks = openSubtasks
    }

    /// "task #3 'Pack' has 2 open subtasks: #4 'Passport', #5 'Charger'; <advice>", listing them.
    public static func openSubtasks(of task: TaskItem, _ open: [TaskItem], advice: String) -> ToolRefusal {
        let names = open.prefix(5).map { "#\($0.id) '\($0.title)'" }.joined(separator: ", ")
        return ToolRefusal(
            "task #\(task.id) '\(task.title)' has \(open.count) open subtask\(open.count == 1 ? "" : "s"): \(names)\(open.count > 5 ? ", …" : ""); "
                + advice,
            openSubtasks: open)
    }

    /// One of several records a title matched.
    public enum Candidate: Sendable, Hashable {
        case task(TaskItem)
        case page(Page)

        public var id: Int64 {
            switch self {
            case .task(let task): return task.id.rawValue
            case .page(let page): return page.id.rawValue
            }
        }

        public var title: String {
            switch self {
            case .task(let task): return task.title
            case .page(let page): return page.title
            }
        }
    }

    public func json(_ format: ResultFormat) -> JSONValue {
        var members: [String: JSONValue] = ["ok": false, "error": .string(message)]
        if !candidates.isEmpty {
            members["candidates"] = .array(candidates.map { candidate in
                switch candidate {
                case .task(let task): return format.candidate(task)
                case .page(let page): return ["id": .int(Int(page.id.rawValue)), "title": .string(page.title)]
                }
            })
        }
        if !openSubtasks.isEmpty { members["open_subtasks"] = .array(openSubtasks.map(format.candidate)) }
        return .object(members)
    }
}

/// A pending call in plain words ("Complete #12 'Call the plumber'"), or why it cannot be offered.
public enum ToolPreview: Sendable, Hashable {
    case ready(String)
    case refused(ToolRefusal)
}

/// How to take back one change: what undoing it does, in words, and the store operation that does it.
public struct UndoAction: Sendable {
    /// "Reopened 'Call mom'": shown after the undo ran.
    public let summary: String
    let revert: @Sendable (TaskStore) throws -> Void

    public init(_ summary: String, revert: @escaping @Sendable (TaskStore) throws -> Void) {
        self.summary = summary
        self.revert = revert
    }

    /// Takes the change back. - Throws: `TaskStoreError` when the record is gone or storage fails.
    public func revert(in store: TaskStore) throws { try revert(store) }
}
