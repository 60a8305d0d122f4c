import Foundation
import TaskAgent
import TaskCore
import TaskStore

/// A request waiting for the owner's approval as a task of MCP's tasks extension
/// (`io.modelcontextprotocol/tasks`, 2026-07-28): `working` while it waits, `completed` with the
/// tool's result once approved and run (a refusal by the tool included, as `isError`), `failed` when
/// the owner rejected it or it went stale or expired, `cancelled` when the agent withdrew it. The
/// task id is the approval id. Approving is never a method: only the person decides.
enum ApprovalTask {
    static let extensionKey = "io.modelcontextprotocol/tasks"
    static let getMethod = "tasks/get"
    static let cancelMethod = "tasks/cancel"
    static let updateMethod = "tasks/update"
    /// How often a client should look again.
    static let pollIntervalMilliseconds = 5_000

    /// Whether the client declared the extension on this request.
    static func isDeclared(in envelope: RequestEnvelope) -> Bool {
        envelope.capabilities["extensions"]?[extensionKey] != nil
    }

    /// The task's fields for the request as it is now (`Task`, with the status payload inlined).
    static func json(_ request: ApprovalRecord, serverInfo: ServerInfo) -> [String: JSONValue] {
        let utc = TimeZone(identifier: "UTC") ?? .current
        var task: [String: JSONValue] = [
            "taskId": .string(request.id),
            "createdAt": .string(ISODate.format(request.created, in: utc)),
            "lastUpdatedAt": .string(ISODate.format(request.decided ?? request.created, in: utc)),
            "ttlMs": .int(Int(request.expires.timeIntervalSince(request.created) * 1000)),
            "pollIntervalMs": .int(pollIntervalMilliseconds),
        ]
        let reason = request.reason ?? request.status.rawValue
        switch request.status {
        case .pending, .deciding:
            task["status"] = "working"
            task["statusMessage"] = .string("\(request.tool) waits for the owner's approval (tasker approve \(request.id), the chat, or the desktop notification)")
        case .executed,
             .failed where request.result != nil:
            task["status"] = "completed"
            task["statusMessage"] = .string(request.status == .executed ? "approved and run" : "approved; the tool refused")
            let value = request.result.flatMap { try? JSONValue.parse($0) } ?? ["ok": false, "error": .string(reason)]
            task["result"] = (try? JSONValue.parse(ToolsCall.encode(value, serverInfo: serverInfo))) ?? .null
        case .withdrawn:
            task["status"] = "cancelled"
            task["statusMessage"] = .string(reason)
        case .failed, .rejected, .stale, .expired:
            task["status"] = "failed"
            task["statusMessage"] = .string(reason)
            task["error"] = ["code": -32000, "message": .string("\(request.status.rawValue): \(reason)"), "data": ["status": .string(request.status.rawValue)]]
        }
        return task
    }
}
