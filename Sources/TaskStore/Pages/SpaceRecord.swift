import Foundation
import TaskCore

/// A whole space for export and import, keyed by its UUID; `project` is the project's UUID.
public struct SpaceRecord: Sendable, Hashable {
    public var uuid: String
    public var name: String
    public var project: String?
    public var created: Date
    public var modified: Date
    public var extras: [String: JSONValue]

    public init(uuid: String, name: String, project: String? = nil, created: Date, modified: Date, extras: [String: JSONValue] = [:]) {
        self.uuid = uuid
        self.name = name
        self.project = project
        self.created = created
        self.modified = modified
        self.extras = extras
    }
}
