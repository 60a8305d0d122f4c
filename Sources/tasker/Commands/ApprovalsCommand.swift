import Foundation
import TaskCLI
import TaskAgent
import TaskCore
import TaskStore

/// `tasker approvals`, `tasker approve ID`, `tasker reject ID [--reason TEXT]`: the person decides
/// what agents asked for. No tool, key or MCP method reaches these.
enum ApprovalsCommand: Command {
    static let signature = CommandSignature(
        name: "approvals", summary: "calls agents made that wait for your approval",
        maxWords: 0,
        details: """
            Lists the pending requests, oldest first: id, agent, tool, arguments, and when each expires
            (7 days after it was made). Decide with `tasker approve ID` or `tasker reject ID`. A request
            someone approved whose run did not finish (the process died) is listed as interrupted:
            nothing it did was kept, and approve or reject decides it again a minute after it began.
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let toolkit = try context.makeToolkit()
        let desk = ApprovalDesk(toolkit: toolkit)
        let pending = try desk.pending()
        let deciding = try desk.deciding()
        if pending.isEmpty && deciding.isEmpty { context.output.text("no requests are waiting") }
        let names = Dictionary(uniqueKeysWithValues: try Agents(toolkit.store).agents().map { ($0.id, $0.name) })
        for request in deciding + pending {
            context.output.text(line(request, agent: names[request.agentID] ?? "?", timeZone: context.timeZone, now: toolkit.store.clock()))
        }
        return 0
    }

    /// "apr_… claude create_task {"title":"Buy milk"} (expires 2026-12-09T10:30:00+00:00)".
    /// A call that reads a file also shows the bytes it was asked with: "file sha256 ab12… (2,048 bytes)".
    /// A request being decided: "apr_… claude create_task {…} (being approved by tasker approve (pid 42) since …)",
    /// or "interrupted: … began approving at …; nothing it ran was kept; approve or reject it again".
    static func line(_ request: ApprovalRecord, agent: String, timeZone: TimeZone, now: Date = Date()) -> String {
        var text = "\(request.id) \(agent) \(request.tool) \(request.arguments) (expires \(ISODate.format(request.expires, in: timeZone)))"
        if request.status == .deciding, let since = request.decided {
            let who = request.decidedBy ?? "someone"
            let at = ISODate.format(since, in: timeZone)
            text = "\(request.id) \(agent) \(request.tool) \(request.arguments) "
                + (now.timeIntervalSince(since) >= Approvals.interruptedAfter
                    ? "(interrupted: \(who) began approving it at \(at) and did not finish; nothing it ran was kept; `tasker approve \(request.id)` or `tasker reject \(request.id)` decides it again)"
                    : "(being approved by \(who) since \(at))")
        }
        if let digest = request.fileSHA256 {
            text += digest == "missing" ? " file: not readable when asked" : " file sha256 \(digest) (\(request.fileSize ?? 0) bytes)"
        }
        return text
    }
}

enum ApproveCommand: Command {
    static let signature = CommandSignature(
        name: "approve", summary: "run a call an agent asked for (checked again first)",
        words: ["ID"], maxWords: 1,
        details: """
            Claims the request first (one compare-and-set: of two deciders at once only one runs it; the
            other is told "already decided (by …)"), checks it again (the stored call against its MAC,
            the agent's key, policy and grants, and whether the task or file it acts on changed since —
            then it becomes stale and nothing runs), runs it on the file bytes it checked, and prints
            the result. Exit status 1 when it went stale, failed, or was decided already.
            """,
        examples: ["tasker approve apr_4fK2x9QmZp1L"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let id = arguments.words.first else { throw UsageError("approve needs the request's ID; `tasker approvals` lists them") }
        switch try ApprovalDesk(toolkit: try context.makeToolkit(), door: "tasker approve").approve(id) {
        case .executed(let result):
            context.output.text("\(id) approved and run")
            context.output.out(result.encoded())
            return 0
        case .stale:
            context.output.err("tasker: \(id) is stale: the task changed since the agent asked, so nothing ran; the agent can ask again")
            return 1
        case .failed(let message):
            context.output.err("tasker: \(id) failed: \(message)")
            return 1
        }
    }
}

enum RejectCommand: Command {
    static let reason = OptionSpec.value("--reason", "TEXT", "why, for the agent (approval_status shows it)")

    static let signature = CommandSignature(
        name: "reject", summary: "refuse a call an agent asked for",
        words: ["ID"], maxWords: 1, options: [reason],
        details: "Marks the request rejected; the agent sees it, with the reason, through approval_status.",
        examples: ["tasker reject apr_4fK2x9QmZp1L --reason 'not this week'"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let id = arguments.words.first else { throw UsageError("reject needs the request's ID; `tasker approvals` lists them") }
        try ApprovalDesk(toolkit: try context.makeToolkit(), door: "tasker reject").reject(id, reason: arguments.value(Self.reason))
        context.output.text("\(id) rejected")
        return 0
    }
}
