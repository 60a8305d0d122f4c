import TaskCore

/// Everything export and import can fail with; each names the file, the place in it and the field,
/// and says what to do. An import that fails imports nothing.
public enum IOError: Error, Sendable, Equatable, CustomStringConvertible, ExitCodeError {
    /// A record or line that cannot be read: `source` is the file, `location` the ZIP entry and/or
    /// line (`tasks.jsonl line 3`), `field` the field when one is to blame.
    case malformed(source: String, location: String?, field: String?, reason: String)
    /// A bundle refused before anything was read into the database (unsafe path, symlink, size, hash).
    case unsafeBundle(source: String, entry: String, reason: String)
    /// A bundle written by a newer Tasker (its `schema_version` is past what this one writes): refused
    /// whole rather than imported with what this Tasker does not know dropped.
    case newerBundle(source: String, schemaVersion: Int, supported: Int)
    /// The file is not a readable ZIP archive (truncated, damaged, not a ZIP).
    case notAnArchive(source: String, reason: String)
    /// The output could not be written.
    case cannotWrite(path: String, reason: String)
    /// The input could not be read.
    case cannotRead(path: String, reason: String)
    /// Attachments the bundle brings would have to be stored encrypted (`attachments.encrypt`), and
    /// cannot be here (`reason`: sealing off, or no data key).
    case cannotEncrypt(source: String, count: Int, reason: String)

    /// A file that cannot be read or written, or is not the format named: a failure.
    public var exitCode: Int32 { 1 }

    public var description: String {
        switch self {
        case .malformed(let source, let location, let field, let reason):
            let place = [source, location].compactMap { $0 }.joined(separator: ", ")
            let what = field.map { "field \($0): " } ?? ""
            return "\(place): \(what)\(reason); nothing was imported — fix it and import again"
        case .unsafeBundle(let source, let entry, let reason):
            return "\(source), entry \(entry): \(reason); the bundle was refused and nothing was imported"
        case .newerBundle(let source, let schemaVersion, let supported):
            return "\(source) was written by a newer Tasker (schema \(schemaVersion); this one knows up to \(supported)); update Tasker to import it — nothing was imported"
        case .notAnArchive(let source, let reason):
            return "\(source) is not a readable .unkt bundle (\(reason)); nothing was imported — export it again"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path) (\(reason)); check the folder exists and is writable"
        case .cannotRead(let path, let reason):
            return "cannot read \(path) (\(reason)); check the path"
        case .cannotEncrypt(let source, let count, let reason):
            let what = count == 1 ? "an attachment" : "\(count) attachments"
            return "\(source) brings \(what) and attachments.encrypt is on, but \(reason); nothing was imported"
        }
    }
}
