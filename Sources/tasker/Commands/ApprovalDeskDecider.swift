import Foundation
import TaskCLI
import TaskAgent
import TaskCore
import TaskDesktop
import TaskStore
import TaskToolkit

/// `ApprovalDesk` behind the desktop's Approve and Reject buttons (`tasker remind --watch`): each
/// request shown with the exact call — the agent, what it resolves to now, the arguments, the scope.
final class ApprovalDeskDecider: ApprovalDeciding {
    let desk: ApprovalDesk

    init(toolkit: TaskToolkit) { desk = ApprovalDesk(toolkit: toolkit, door: "the desktop notification") }

    func pendingApprovals() throws -> [ApprovalNote] {
        let toolkit = desk.toolkit
        let names = Dictionary(uniqueKeysWithValues: try Agents(toolkit.store).agents().map { ($0.id, $0.name) })
        return try desk.pending().map { request in
            let agent = names[request.agentID] ?? "an agent"
            var words = request.tool
            if let call = try? toolkit.prepare(request.tool, (try? JSONValue.parse(request.arguments)) ?? [:]),
                case .ready(let text)? = try? toolkit.preview(call)
            {
                words = text
            }
            let scope = TaskToolkit.definition(named: request.tool)?.scope.rawValue ?? "?"
            return ApprovalNote(id: request.id, summary: TerminalText.sanitized("\(agent) asks: \(words)"),
                                body: TerminalText.sanitized("\(request.tool) \(request.arguments) · scope \(scope)"))
        }
    }

    func decide(_ id: String, approve: Bool) throws -> String {
        guard approve else {
            try desk.reject(id, reason: "rejected from the desktop notification")
            return "\(id) rejected"
        }
        switch try desk.approve(id) {
        case .executed: return "\(id) approved and run"
        case .stale: return "\(id) is stale: what it acts on changed since the agent asked, so nothing ran"
        case .failed(let message): return "\(id) failed: \(message)"
        }
    }
}
