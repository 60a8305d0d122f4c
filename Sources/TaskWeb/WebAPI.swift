import Foundation
import TaskAgent
import TaskCore
import TaskNL
import TaskStore
import TaskToolkit

/// The page's JSON endpoints (`POST /api/NAME`, after `WebDoor`'s checks): the parser's drafts and
/// chips, tool calls from a fixed list, and the approvals inbox.
public struct WebAPI {
    let toolkit: TaskToolkit
    let refine: WebDoor.Refine?

    enum Endpoint: String {
        /// `{"text"}` → `{"text", "drafts": [{"draft", "chips", "create"}]}`: the capture grammar, nothing saved.
        case parse
        /// `{"text"}` → the same shape plus `notice`, through the model's refine path (404 without a model).
        case refine
        /// `{"tool", "arguments"}` → the tool's JSON result, for the tools in `WebAPI.tools`.
        case call
        /// `{}` → `{"pending": […], "receipts": […]}`: requests waiting, and the last day's receipts.
        case approvals
        /// `{"id"}` → `{"outcome": "approved"|"failed"|"stale", …}` (the desk `tasker approve` uses).
        case approve
        /// `{"id", "reason"?}` → `{"outcome": "rejected"}`.
        case reject
        /// `{"agent", "since", "dry_run"?}` → `{"lines", "changes", "kept", "receipt"}`: `tasker agent undo`
        /// (`AgentUndo`); with `dry_run` nothing changes.
        case agentUndo = "agent-undo"
    }

    /// An answer that is an HTTP status, not a result (a tool the page may not call, no such request).
    struct Refusal: Error {
        let status: Int
        let message: String
    }

    /// What the page may call: reading, capturing, completing, moving and planning tasks. Nothing
    /// that reads or writes files, deletes, or reaches the agents' keys.
    public static let tools: [String] = [
        "list_tasks", "list_projects", "create_task", "complete_task", "reschedule_task", "defer_task", "update_task", "plan_day",
    ]

    func answer(_ endpoint: Endpoint, _ arguments: JSONValue) throws -> JSONValue {
        switch endpoint {
        case .parse:
            let text = try string(arguments, "text")
            let results = toolkit.parser.parseTasks(text, now: toolkit.store.clock(), timeZone: toolkit.store.timeZone)
            let drafts: [JSONValue] = text.trimmingCharacters(in: .whitespaces).isEmpty ? [] : results.map { $0.webDraft(timeZone: toolkit.store.timeZone) }
            return ["text": .string(text), "drafts": .array(drafts)]
        case .refine:
            guard let refine else { throw Refusal(status: 404, message: "no model is configured; see the README's model section") }
            let text = try string(arguments, "text")
            let refined = refine(text)
            return ["text": .string(text), "drafts": .array(refined.drafts.map { $0.webDraft(timeZone: toolkit.store.timeZone) }),
                    "notice": .string(refined.notice)]
        case .call:
            let name = try string(arguments, "tool")
            guard Self.tools.contains(name) else { throw Refusal(status: 403, message: "the page does not call \(name)") }
            return Self.withRecurrenceText(try toolkit.call(name, arguments["arguments"] ?? .object([:])))
        case .approvals:
            return ["pending": .array(try pending()), "receipts": .array(try receipts())]
        case .approve:
            let id = try string(arguments, "id")
            switch try decide({ try ApprovalDesk(toolkit: toolkit, door: "the web page").approve(id) }) {
            case .executed(let result): return ["outcome": "approved", "id": .string(id), "result": result]
            case .failed(let message): return ["outcome": "failed", "id": .string(id), "message": .string(message)]
            case .stale: return ["outcome": "stale", "id": .string(id), "message": "the task changed since the agent asked, so nothing ran"]
            }
        case .reject:
            let id = try string(arguments, "id")
            try decide({ try ApprovalDesk(toolkit: toolkit, door: "the web page").reject(id, reason: arguments["reason"]?.stringValue) })
            return ["outcome": "rejected", "id": .string(id)]
        case .agentUndo:
            let undo = AgentUndo(toolkit: toolkit)
            let report = try undo.run(agent: try string(arguments, "agent"), since: try string(arguments, "since"),
                                      dryRun: arguments["dry_run"] == .bool(true))
            return ["lines": .array(undo.lines(report).map { .string($0) }), "changes": .int(report.changeCount),
                    "kept": .int(report.kept.count), "receipt": report.receiptSeq.map { .int(Int($0)) } ?? .null]
        }
    }

    /// A tool's result with `recurrence_text` beside each listed task's `recurrence`: the rule's own
    /// English (`Every 2nd and 4th Fri`, `RecurrenceRule.text`, the chip the CLI shows), so the page
    /// says a rule the one way the rest of Tasker does instead of spelling out `2fri` itself.
    static func withRecurrenceText(_ result: JSONValue) -> JSONValue {
        guard var members = result.objectValue, let tasks = members["tasks"]?.arrayValue else { return result }
        members["tasks"] = .array(tasks.map { task in
            guard var fields = task.objectValue, let rule = fields["recurrence"].flatMap(RecurrenceRule.init(json:)) else { return task }
            fields["recurrence_text"] = .string(rule.text)
            return .object(fields)
        })
        return .object(members)
    }

    private func string(_ arguments: JSONValue, _ key: String) throws -> String {
        guard let value = arguments[key]?.stringValue else { throw Refusal(status: 400, message: "the body needs \"\(key)\" as a string") }
        return value
    }

    /// A desk decision, its "no such pending request" as 404 or 409.
    @discardableResult
    private func decide<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ApprovalError {
            if case .notFound = error { throw Refusal(status: 404, message: error.description) }
            throw Refusal(status: 409, message: error.description)
        }
    }

    private func agentNames() throws -> [Int64: String] {
        Dictionary(uniqueKeysWithValues: try Agents(toolkit.store).agents().map { ($0.id, $0.name) })
    }

    /// Each pending request as the owner decides it: the tool, the task it resolved to, the exact
    /// arguments, the scope the tool needs, and the agent.
    private func pending() throws -> [JSONValue] {
        let names = try agentNames()
        let zone = toolkit.store.timeZone
        return try ApprovalDesk(toolkit: toolkit).pending().map { request in
            let scope = toolkit.toolTypes.first { $0.definition.name == request.tool }?.definition.scope.rawValue
            var item: [String: JSONValue] = [
                "id": .string(request.id), "agent": .string(names[request.agentID] ?? "?"), "tool": .string(request.tool),
                "target": .string(request.target), "arguments": (try? JSONValue.parse(request.arguments)) ?? .string(request.arguments),
                "scope": .string(scope), "created": .string(ISODate.format(request.created, in: zone)),
                "expires": .string(ISODate.format(request.expires, in: zone)),
            ]
            if let digest = request.fileSHA256 { item["file_sha256"] = .string(digest) }
            return .object(item)
        }
    }

    /// The receipts of the last 24 hours, newest first.
    private func receipts() throws -> [JSONValue] {
        let names = try agentNames()
        let zone = toolkit.store.timeZone
        let since = toolkit.store.clock().addingTimeInterval(-86_400)
        return try toolkit.store.receipts(since: since).reversed().map { receipt in
            [
                "time": .string(ISODate.format(receipt.time, in: zone)), "agent": .string(names[receipt.agentID] ?? "?"),
                "tool": .string(receipt.tool), "decision": .string(receipt.decision), "approval_id": .string(receipt.approvalID),
            ]
        }
    }
}
