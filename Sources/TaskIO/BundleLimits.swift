/// The most a `.unkt` bundle may hold, checked on the sizes entries declare and again while reading.
public struct BundleLimits: Sendable, Equatable {
    /// Largest single entry, uncompressed.
    public var entryBytes: UInt64
    /// All entries together, uncompressed, attachments' bytes aside.
    public var totalBytes: UInt64
    /// All `attachments/<sha256>` entries together (streamed to the object store, never held in memory).
    public var attachmentBytes: UInt64
    public var entries: Int

    public init(entryBytes: UInt64 = 256 << 20, totalBytes: UInt64 = 1 << 30, attachmentBytes: UInt64 = 64 << 30, entries: Int = 1_000_000) {
        self.entryBytes = entryBytes
        self.totalBytes = totalBytes
        self.attachmentBytes = attachmentBytes
        self.entries = entries
    }

    public static let standard = BundleLimits()
}
