import Foundation
import TaskAgent
import TaskCore
import TaskStore
import TaskToolkit

/// `/approvals`: what agents asked for, decided here by the person (never by a tool or a key), and
/// the line before the prompt when the number waiting changed.
final class ChatApprovals {
    private let toolkit: TaskToolkit
    private let console: ChatConsole
    /// How many agent requests were waiting when the chat last said so.
    private var announced = 0

    init(toolkit: TaskToolkit, console: ChatConsole) {
        self.toolkit = toolkit
        self.console = console
    }

    /// `/approvals` lists; `/approvals approve ID`, `/approvals reject ID [reason]` decide.
    func command(_ argument: String) throws {
        let words = argument.split(separator: " ", maxSplits: 2).map(String.init)
        let desk = ApprovalDesk(toolkit: toolkit, door: "the chat")
        switch words.first?.lowercased() {
        case nil:
            let pending = try desk.pending()
            if pending.isEmpty { console.notice("No agent requests are waiting.") }
            let names = Dictionary(uniqueKeysWithValues: try Agents(toolkit.store).agents().map { ($0.id, $0.name) })
            for request in pending {
                console.line("  \(request.id)  \(TerminalText.sanitized(names[request.agentID] ?? "?"))  \(request.tool)  "
                    + TerminalText.sanitized(request.arguments))
            }
            if !pending.isEmpty { console.notice("Decide with /approvals approve ID or /approvals reject ID [reason].") }
        case "approve"?:
            guard words.count >= 2 else { throw REPLError.usage("/approvals approve takes the request's ID") }
            switch try desk.approve(words[1]) {
            case .executed: console.line(console.style("✓ \(words[1]) approved and run", .green))
            case .stale: console.fail("\(words[1]) is stale: the task changed since the agent asked, so nothing ran")
            case .failed(let message): console.fail("\(words[1]) failed: \(message)")
            }
        case "reject"?:
            guard words.count >= 2 else { throw REPLError.usage("/approvals reject takes the request's ID") }
            try desk.reject(words[1], reason: words.count > 2 ? words[2] : nil)
            console.line("\(words[1]) rejected")
        default:
            throw REPLError.usage("/approvals lists the waiting requests; /approvals approve ID or /approvals reject ID [reason] decides one")
        }
        announced = try Approvals(toolkit.store).pendingApprovalCount()
    }

    /// One line before the prompt when the number of waiting requests changed and is not zero.
    func noticePending() {
        guard let count = try? Approvals(toolkit.store).pendingApprovalCount(), count != announced else { return }
        announced = count
        if count > 0 { console.notice("\(count) agent request\(count == 1 ? "" : "s") wait\(count == 1 ? "s" : "") for your approval: /approvals") }
    }
}
