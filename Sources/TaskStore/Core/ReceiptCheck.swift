/// What walking the receipts chain found (`tasker receipts --verify`): how many receipts, how many
/// were written before the receipts key existed, and the first one that is wrong or missing.
public struct ReceiptCheck: Sendable, Equatable {
    public var count: Int
    /// Receipts from before the key (plain SHA-256): checked as before, and held in place by the
    /// first keyed receipt's link to them.
    public var unkeyed: Int
    public var problem: Problem?

    /// The first receipt that does not hold: its sequence number and one sentence ("receipt #N …").
    public struct Problem: Sendable, Equatable {
        public var seq: Int64
        public var sentence: String
    }
}
