import Foundation
import TaskCore
import TaskToolkit

/// The engine as the REPL sees it: the tool catalogue, plus the few store operations /undo needs.
///
/// `TaskToolkit` is the real one; tests pass a scripted twin. Everything a user asks for goes
/// through `call`, so the REPL behaves exactly like `tasker call` and the MCP server.
public protocol ToolRunner: AnyObject {
    /// The catalogue (names, descriptions, JSON Schemas, read-only flags).
    var tools: [ToolDefinition] { get }
    /// Runs one tool. - Throws: for a malformed call (unknown tool, bad arguments) or a storage failure.
    func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue
    /// Reverts one change made earlier in this session. - Throws: when the task is gone or storage fails.
    func revert(_ change: UndoableChange) throws
}

/// A task named by its id or by (part of) its title, as the tools accept it.
public enum TaskReference: Sendable, Hashable {
    case id(Int64)
    case title(String)

    /// `12` or `#12` is an id; anything else is a title.
    public init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if let id = Int64(digits), id > 0 { self = .id(id) } else { self = .title(trimmed) }
    }

    /// The tool arguments that name this task: `{"id": 12}` or `{"title": "…"}`.
    public var arguments: [String: JSONValue] {
        switch self {
        case .id(let id): return ["id": .int(Int(id))]
        case .title(let title): return ["title": .string(title)]
        }
    }
}

/// What a task looked like before a change, enough to put it back.
public struct TaskSnapshot: Sendable, Hashable {
    public var id: Int64
    public var title: String
    public var due: Date?
    public var deferUntil: LocalDate?

    public init(id: Int64, title: String, due: Date?, deferUntil: LocalDate?) {
        self.id = id
        self.title = title
        self.due = due
        self.deferUntil = deferUntil
    }
}

/// One change made in this session that /undo can take back.
public enum UndoableChange: Sendable, Hashable {
    /// A task was captured or created: undo deletes it.
    case created(id: Int64, title: String)
    /// A task was completed (and maybe its next occurrence created): undo reopens it.
    case completed(id: Int64, title: String, next: Int64?)
    /// The due date changed: undo restores the previous one.
    case rescheduled(TaskSnapshot)
    /// The defer date changed: undo restores the previous one.
    case deferred(TaskSnapshot)

    /// "Deleted 'Call mom'" and so on: what undoing it did, in plain words.
    public var undoneDescription: String {
        switch self {
        case .created(_, let title): return "Deleted '\(title)'"
        case .completed(_, let title, _): return "Reopened '\(title)'"
        case .rescheduled(let s): return "Moved '\(s.title)' back"
        case .deferred(let s): return "Restored the defer date of '\(s.title)'"
        }
    }
}
