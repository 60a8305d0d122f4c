import Foundation
import TaskCore
import TaskToolkit
@testable import TaskREPL

/// A tool runner twin: a small in-memory task list behind the tool names the REPL uses, recording
/// every call. Enough to check what the session asks for and how it shows the answers.
final class FakeToolRunner: ToolRunner {
    struct Call: Equatable {
        var name: String
        var arguments: JSONValue
    }

    var tasks: [Int: JSONValue] = [:]
    private(set) var calls: [Call] = []
    private(set) var reverted: [UndoableChange] = []
    var nextID = 1
    /// Overrides for a tool's answer.
    var scripted: [String: JSONValue] = [:]

    let tools: [ToolDefinition] = [
        ("capture_task", false), ("create_task", false), ("list_tasks", true), ("complete_task", false),
        ("reschedule_task", false), ("defer_task", false), ("plan_day", true), ("create_project", false),
        ("list_projects", true), ("append_to_page", false), ("create_page", false),
    ].map { ToolDefinition(name: $0.0, title: $0.0, description: "", inputSchema: ["type": "object"], readOnly: $0.1, idempotent: false, destructive: false) }

    /// Calls other than the reads the session makes for completion and state.
    var writes: [Call] { calls.filter { !["list_tasks", "list_projects"].contains($0.name) && $0.arguments["dry_run"] != true } }

    func add(_ title: String, contexts: [String] = []) -> Int {
        let id = nextID
        nextID += 1
        tasks[id] = ["id": .int(id), "title": .string(title), "priority": "normal", "status": "open",
                     "contexts": .array(contexts.map(JSONValue.string)), "due": nil]
        return id
    }

    func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue {
        calls.append(Call(name: name, arguments: arguments))
        if let answer = scripted[name] { return answer }
        switch name {
        case "capture_task", "create_task":
            let title = arguments["text"]?.stringValue ?? arguments["title"]?.stringValue ?? ""
            let draft: JSONValue = ["title": .string(title.prefix(1).uppercased() + title.dropFirst()), "priority": "normal"]
            if arguments["dry_run"] == true { return ["ok": true, "dry_run": true, "draft": draft, "understood": ["Tomorrow, 5:00 PM"]] }
            let id = add(draft["title"]?.stringValue ?? "")
            return ["ok": true, "task": tasks[id] ?? .null]
        case "list_tasks":
            return ["ok": true, "tasks": .array(tasks.keys.sorted().compactMap { tasks[$0] })]
        case "list_projects":
            return ["ok": true, "projects": [["name": "Kitchen", "open": 2, "done": 1]]]
        case "complete_task", "reschedule_task", "defer_task":
            let matches: [Int]
            if let id = arguments["id"]?.intValue { matches = tasks[id] == nil ? [] : [id] }
            else {
                let title = arguments["title"]?.stringValue?.lowercased() ?? ""
                matches = tasks.keys.sorted().filter { (tasks[$0]?["title"]?.stringValue?.lowercased() ?? "").contains(title) }
            }
            guard matches.count == 1, let task = tasks[matches[0]] else {
                if matches.isEmpty { return ["ok": false, "error": "no open task matches"] }
                return ["ok": false, "error": .string("\(matches.count) tasks match"), "candidates": .array(matches.compactMap { tasks[$0] })]
            }
            if name == "reschedule_task" { return ["ok": true, "task": task, "previous_due": nil] }
            if name == "defer_task" { return ["ok": true, "task": task, "previous_defer_until": nil] }
            return ["ok": true, "task": task, "next": nil]
        case "plan_day":
            return ["ok": true, "plan": ["items": [], "total_minutes": 0, "budget_minutes": arguments["budget_minutes"] ?? 60, "not_planned": []]]
        default:
            return ["ok": true]
        }
    }

    func revert(_ change: UndoableChange) throws { reverted.append(change) }
}
