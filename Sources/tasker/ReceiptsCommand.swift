import Foundation
import TaskCore
import TaskStore

/// `tasker receipts [--agent NAME] [--since DATE] [--verify]`: what agents did, from the hash chain.
enum ReceiptsCommand: Command {
    static let agent = OptionSpec.value("--agent", "NAME", "only this agent's receipts")
    static let since = OptionSpec.value("--since", "DATE", "only receipts from this day or time on (YYYY-MM-DD, ISO 8601 or a phrase: monday)")
    static let verify = OptionSpec.flag("--verify", "walk the whole hash chain; exit 1 naming the first broken receipt")

    static let signature = CommandSignature(
        name: "receipts", summary: "what agents did: one receipt per call, hash-chained (--verify checks the chain)",
        maxWords: 0, options: [agent, since, verify],
        details: """
            Every call an agent makes leaves a receipt: when, which agent, the tool, the SHA-256 of its
            arguments and of its result, the decision (allowed, granted, asked, approved, rejected, denied,
            stale, failed, revoked, expired), the approval id, and the hash chaining it to the one before.
            The table refuses UPDATE and DELETE. --verify recomputes every hash and exits 1 with the
            sequence number of the first receipt that does not match (changed after the fact); 0 when
            the chain holds. It cannot catch a rewrite of the whole chain by someone who can write the file.
            """,
        examples: ["tasker receipts", "tasker receipts --agent claude --since monday", "tasker receipts --verify"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let toolkit = try context.makeToolkit()
        let store = toolkit.store
        if arguments.has(Self.verify) {
            let count = try store.receipts().count
            if let broken = try store.verifyReceipts() {
                context.output.err("tasker: receipt #\(broken) does not match the chain: it or the one before was changed after it was written")
                return 1
            }
            context.output.text("\(count) receipt\(count == 1 ? "" : "s"), chain intact")
            return 0
        }
        var agentID: Int64?
        if let name = arguments.value(Self.agent) {
            guard let record = try store.agent(named: name) else { throw TaskStoreError.agentNotFound(name) }
            agentID = record.id
        }
        let from = try arguments.value(Self.since).flatMap { try toolkit.date($0, argument: "--since", tool: "receipts") }
        let names = Dictionary(uniqueKeysWithValues: try store.agents().map { ($0.id, $0.name) })
        let receipts = try store.receipts(agentID: agentID, since: from)
        if receipts.isEmpty { context.output.text("no receipts") }
        for receipt in receipts {
            let when = ISODate.format(receipt.time, in: context.timeZone)
            let approval = receipt.approvalID.map { " \($0)" } ?? ""
            context.output.text(
                "#\(receipt.seq) \(when) \(names[receipt.agentID] ?? "agent \(receipt.agentID)") \(receipt.tool) \(receipt.decision)\(approval) "
                    + "args \(receipt.argumentsHash.prefix(12)) result \(receipt.resultHash.prefix(12)) hash \(receipt.hash.prefix(12))")
        }
        return 0
    }
}
