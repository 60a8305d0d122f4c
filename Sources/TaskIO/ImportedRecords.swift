import TaskStore

/// Records read from a file, before they are applied: the records, where each UUID was read
/// (`tasks.jsonl line 3`, for error messages), and warnings about what was kept under `"x"`.
public struct ImportedRecords: Sendable {
    public var records: RecordSet
    public var locations: [String: String]
    public var warnings: [String]
    /// Attachment bytes from a bundle, hashed and checked, waiting in the object store's temporary
    /// folder: the importer moves them into place with the records, or they vanish with this value.
    public var staged: [StagedObject] = []

    public init(records: RecordSet = RecordSet(), locations: [String: String] = [:], warnings: [String] = []) {
        self.records = records
        self.locations = locations
        self.warnings = warnings
    }
}
