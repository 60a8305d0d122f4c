/// What `TaskStore.writeRecords` did: how many records it added and how many it overwrote.
public struct RecordWriteSummary: Sendable, Hashable {
    public var inserted: Int
    public var updated: Int

    public init(inserted: Int = 0, updated: Int = 0) {
        self.inserted = inserted
        self.updated = updated
    }
}
