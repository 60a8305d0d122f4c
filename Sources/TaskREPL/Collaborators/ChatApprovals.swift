import Foundation
import TaskAgent
import TaskCore
import TaskStore

/// `/approvals`: what agents asked for, decided here by the person (never by a tool or a key), and
/// the line before the prompt when the number waiting changed.
struct ChatApprovals {
    /// How many agent requests were waiting when the chat last said so.
    private var announced = 0

    /// `/approvals` lists; `/approvals approve ID`, `/approvals reject ID [reason]` decide.
    mutating func command(_ argument: String, in session: ChatSession) throws {
        let words = argument.split(separator: " ", maxSplits: 2).map(String.init)
        let desk = ApprovalDesk(toolkit: session.toolkit, door: "the chat")
        switch words.first?.lowercased() {
        case nil:
            let pending = try desk.pending()
            if pending.isEmpty { session.notice("No agent requests are waiting.") }
            let names = Dictionary(uniqueKeysWithValues: try Agents(session.toolkit.store).agents().map { ($0.id, $0.name) })
            for request in pending {
                session.output.line("  \(request.id)  \(TerminalText.sanitized(names[request.agentID] ?? "?"))  \(request.tool)  "
                    + TerminalText.sanitized(request.arguments))
            }
            if !pending.isEmpty { session.notice("Decide with /approvals approve ID or /approvals reject ID [reason].") }
        case "approve"?:
            guard words.count >= 2 else { throw REPLError.usage("/approvals approve takes the request's ID") }
            switch try desk.approve(words[1]) {
            case .executed: session.output.line(session.style("✓ \(words[1]) approved and run", .green))
            case .stale: session.fail("\(words[1]) is stale: the task changed since the agent asked, so nothing ran")
            case .failed(let message): session.fail("\(words[1]) failed: \(message)")
            }
        case "reject"?:
            guard words.count >= 2 else { throw REPLError.usage("/approvals reject takes the request's ID") }
            try desk.reject(words[1], reason: words.count > 2 ? words[2] : nil)
            session.output.line("\(words[1]) rejected")
        default:
            throw REPLError.usage("/approvals lists the waiting requests; /approvals approve ID or /approvals reject ID [reason] decides one")
        }
        announced = try Approvals(session.toolkit.store).pendingApprovalCount()
    }

    /// One line before the prompt when the number of waiting requests changed and is not zero.
    mutating func noticePending(in session: ChatSession) {
        guard let count = try? Approvals(session.toolkit.store).pendingApprovalCount(), count != announced else { return }
        announced = count
        if count > 0 { session.notice("\(count) agent request\(count == 1 ? "" : "s") wait\(count == 1 ? "s" : "") for your approval: /approvals") }
    }
}
