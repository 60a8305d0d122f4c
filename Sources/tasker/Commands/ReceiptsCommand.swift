import Foundation
import TaskCLI
import TaskCore
import TaskStore

/// `tasker receipts [--agent NAME] [--since DATE] [--verify]`: what agents did, from the hash chain.
enum ReceiptsCommand: Command {
    static let agent = OptionSpec.value("--agent", "NAME", "only this agent's receipts")
    static let since = OptionSpec.value("--since", "DATE", "only receipts from this day or time on (YYYY-MM-DD, ISO 8601 or a phrase: monday is the last one)")
    static let verify = OptionSpec.flag("--verify", "walk the whole chain against the receipts key and anchor; exit 1 naming the first bad or missing receipt")
    static let acceptReset = OptionSpec.flag("--accept-reset", "accept what --verify reports (receipts lost, the key folder replaced), with a receipt; checking goes on from there")

    static let signature = CommandSignature(
        name: "receipts", summary: "what agents did: one receipt per call, chained with a keyed MAC (--verify checks the chain)",
        maxWords: 0, options: [agent, since, verify, acceptReset],
        details: """
            Every call an agent makes leaves a receipt: when, which agent, the tool, the SHA-256 of its
            arguments and of its result, the decision (allowed, granted, asked, approved, rejected, denied,
            stale, failed, revoked, expired), the approval id, and an HMAC-SHA-256 chaining it to the one
            before. The MAC's key and an anchor (the last receipt's number and MAC) live outside the
            database, 0600 in a 0700 folder beside it: receipts/ beside tasker.sqlite, NAME.receipts/
            beside another database NAME. The table refuses UPDATE and DELETE.

            --verify exits 1 with the sequence number of the first receipt that was changed, forged,
            removed or cut off, and 0 when the chain holds. Receipts from before the key existed keep
            their plain SHA-256 and are reported as unkeyed. Someone who can read the key file as well as
            write the database can still rewrite the chain.

            A gap never heals: receipts appended after some were removed are numbered after the anchor,
            so --verify keeps naming the gap until you run --accept-reset, which appends a `reset`
            receipt and checks from there on (what came before is frozen by its SHA-256).
            """,
        examples: ["tasker receipts", "tasker receipts --agent claude --since monday", "tasker receipts --verify", "tasker receipts --accept-reset"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let toolkit = try context.makeToolkit()
        let store = toolkit.store
        if arguments.has(Self.acceptReset) {
            guard let accepted = try store.acceptReceiptReset() else {
                context.output.text("nothing to accept: the receipts chain is intact")
                return 0
            }
            context.output.text("accepted from receipt #\(accepted.seq) on, with a reset receipt: \(accepted.sentence.replacingOccurrences(of: TaskStore.receiptAcceptHint, with: ""))")
            return 0
        }
        if arguments.has(Self.verify) {
            let check = try store.checkReceipts()
            if let problem = check.problem {
                context.output.err("tasker: \(problem.sentence)")
                return 1
            }
            let unkeyed = check.unkeyed == 0 ? "" : " (\(check.unkeyed) from before the receipts key: unkeyed, checked by SHA-256 only)"
            context.output.text("\(check.count) receipt\(check.count == 1 ? "" : "s"), chain intact\(unkeyed)")
            return 0
        }
        var agentID: Int64?
        if let name = arguments.value(Self.agent) {
            guard let record = try Agents(store).agent(named: name) else { throw TaskStoreError.agentNotFound(name) }
            agentID = record.id
        }
        let from = try arguments.value(Self.since).flatMap { try toolkit.pastInstant($0, argument: "--since", tool: "receipts") }
        let names = Dictionary(uniqueKeysWithValues: try Agents(store).agents().map { ($0.id, $0.name) })
        let receipts = try store.receipts(agentID: agentID, since: from)
        if receipts.isEmpty { context.output.text("no receipts") }
        for receipt in receipts {
            let when = ISODate.format(receipt.time, in: context.timeZone)
            let approval = receipt.approvalID.map { " \($0)" } ?? ""
            context.output.text(
                "#\(receipt.seq) \(when) \(names[receipt.agentID] ?? (receipt.agentID == 0 ? "owner" : "agent \(receipt.agentID)")) \(receipt.tool) \(receipt.decision)\(approval) "
                    + "args \(receipt.argumentsHash.prefix(12)) result \(receipt.resultHash.prefix(12)) \(chain(receipt))")
        }
        return 0
    }

    /// `mac 3e69877c5dbd` for a keyed receipt, `hash 1f0c…` (unkeyed) for one from before the key.
    static func chain(_ receipt: Receipt) -> String {
        receipt.isKeyed ? "mac \(receipt.hash.dropFirst(Receipt.keyedPrefix.count).prefix(12))" : "hash \(receipt.hash.prefix(12)) (unkeyed)"
    }
}
