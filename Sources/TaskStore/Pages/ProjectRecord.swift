import Foundation
import TaskCore

/// A whole project for export and import, keyed by its UUID; `extras` are fields Tasker has no column for.
public struct ProjectRecord: Sendable, Hashable {
    public var uuid: String
    public var name: String
    public var notes: String?
    public var created: Date
    public var modified: Date
    public var extras: [String: JSONValue]
    /// The notes are sealed and were withheld (see `TaskRecord.notesWithheld`).
    public var notesWithheld = false

    public init(uuid: String, name: String, notes: String? = nil, created: Date, modified: Date, extras: [String: JSONValue] = [:]) {
        self.uuid = uuid
        self.name = name
        self.notes = notes
        self.created = created
        self.modified = modified
        self.extras = extras
    }
}
