/// What an import did (or, with a dry run, would do): records added, updated, left unchanged and
/// skipped, and warnings about fields kept under `"x"` because they have no Tasker equivalent.
public struct ImportReport: Sendable, Equatable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var skipped = 0
    public var dryRun = false
    public var warnings: [String] = []

    public init() {}

    /// One line: `added 3, updated 1, unchanged 0, skipped 0 (dry run: nothing was written)`.
    public var summary: String {
        "added \(added), updated \(updated), unchanged \(unchanged), skipped \(skipped)"
            + (dryRun ? " (dry run: nothing was written)" : "")
    }
}
