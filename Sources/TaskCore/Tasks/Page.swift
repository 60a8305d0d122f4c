import Foundation

/// A space holds pages; it may belong to a project. Bootstrap creates the "Personal" space.
public struct Space: Sendable, Hashable, Identifiable {
    public var id: SpaceID
    public var name: String
    public var project: String?
    public var created: Date

    public init(id: SpaceID, name: String, project: String? = nil, created: Date) {
        self.id = id
        self.name = name
        self.project = project
        self.created = created
    }
}

/// A Markdown page in a space, with labels and links to tasks and projects.
public struct Page: Sendable, Hashable, Identifiable {
    public var id: PageID
    public var title: String
    public var body: String
    public var labels: [String]
    public var space: String
    public var linkedTasks: [TaskID]
    public var linkedProjects: [String]
    public var created: Date
    public var updated: Date
    /// The body is sealed and the data key is not available: `body` is empty, never the ciphertext.
    public var isLocked = false

    public init(
        id: PageID, title: String, body: String = "", labels: [String] = [], space: String,
        linkedTasks: [TaskID] = [], linkedProjects: [String] = [], created: Date, updated: Date
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.labels = labels
        self.space = space
        self.linkedTasks = linkedTasks
        self.linkedProjects = linkedProjects
        self.created = created
        self.updated = updated
    }
}

/// One full-text search result: the page, its rank (lower is better, as FTS5's bm25) and a snippet
/// with matches wrapped in `[` `]`.
public struct PageSearchHit: Sendable, Hashable {
    public var page: Page
    public var rank: Double
    public var snippet: String

    public init(page: Page, rank: Double, snippet: String) {
        self.page = page
        self.rank = rank
        self.snippet = snippet
    }
}
