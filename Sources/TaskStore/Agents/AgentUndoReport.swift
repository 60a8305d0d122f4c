import Foundation

/// What `AgentChanges.undo` did (or, in a dry run, would do): each record it put back, and each
/// change it left alone because someone else changed the same field since.
public struct AgentUndoReport: Sendable, Hashable {
    /// One record an undo touched or left, named as a person knows it (`task #12 'Call mom'`).
    public struct Item: Sendable, Hashable {
        public enum Action: String, Sendable, Hashable {
            /// The agent created it; the undo deleted it.
            case deleted
            /// The agent deleted it; the undo put it back with its id.
            case restored
            /// The agent changed these fields; the undo set them back.
            case reverted
        }
        public var record: String
        public var action: Action
        /// The fields set back (reverted), sorted.
        public var fields: [String]
    }

    /// A change of the agent's that was not taken back, and why.
    public struct Kept: Sendable, Hashable {
        public var record: String
        /// The field, or nil for the whole record.
        public var field: String?
        /// "changed since", "deleted since", "its id is taken since", …
        public var reason: String
    }

    public var agent: String
    public var since: Date
    public var dryRun: Bool
    /// How many recorded row changes were dealt with (taken back or kept).
    public var changeCount = 0
    public var items: [Item] = []
    public var kept: [Kept] = []
    /// The undo's own receipt; nil in a dry run or when there was nothing to undo.
    public var receiptSeq: Int64?

    public var isEmpty: Bool { changeCount == 0 }

    /// The report in lines for a person: a heading, then one line per record and per change kept.
    public func lines(since shown: String) -> [String] {
        guard !isEmpty else { return ["nothing to undo: \(agent) changed nothing since \(shown) that is not undone already"] }
        let verb = dryRun ? "would undo" : "undid"
        let receipt = receiptSeq.map { " (receipt #\($0))" } ?? ""
        var lines = ["\(verb) \(changeCount) change\(changeCount == 1 ? "" : "s") \(agent) made since \(shown)\(receipt):"]
        for item in items {
            switch item.action {
            case .deleted: lines.append("  \(dryRun ? "delete" : "deleted") \(item.record) (\(agent) created it)")
            case .restored: lines.append("  \(dryRun ? "restore" : "restored") \(item.record) (\(agent) deleted it)")
            case .reverted: lines.append("  \(dryRun ? "set back" : "set back") \(item.fields.joined(separator: ", ")) of \(item.record)")
            }
        }
        if !kept.isEmpty {
            lines.append("kept \(kept.count) change\(kept.count == 1 ? "" : "s") someone else made since (not overwritten):")
            for k in kept { lines.append("  \(k.field.map { "\($0) of " } ?? "")\(k.record): \(k.reason)") }
        }
        return lines
    }
}
