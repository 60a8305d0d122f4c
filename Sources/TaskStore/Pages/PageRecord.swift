import Foundation
import TaskCore

/// A whole page for export and import, keyed by its UUID; `space` is the space's UUID.
public struct PageRecord: Sendable, Hashable {
    public var uuid: String
    public var title: String
    public var body: String
    public var labels: [String]
    public var space: String
    public var created: Date
    public var modified: Date
    public var extras: [String: JSONValue]

    public init(
        uuid: String, title: String, body: String = "", labels: [String] = [], space: String, created: Date, modified: Date,
        extras: [String: JSONValue] = [:]
    ) {
        self.uuid = uuid
        self.title = title
        self.body = body
        self.labels = labels
        self.space = space
        self.created = created
        self.modified = modified
        self.extras = extras
    }
}
