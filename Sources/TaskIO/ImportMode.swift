/// How an incoming record combines with the one already here under the same UUID.
public enum ImportMode: String, Sendable, CaseIterable {
    /// The newer `modified` wins field by field; a field the winner lacks keeps the other's value,
    /// so nothing is dropped (a tie goes to the incoming record).
    case merge
    /// The incoming record replaces the one here, whole.
    case replace
    /// The record here stays as it is; only new UUIDs are added.
    case skip
}
