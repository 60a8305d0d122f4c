import TaskCore

/// Everything in a database as whole records keyed by UUID: what a `.unkt` bundle carries.
///
/// `TaskStore.records()` returns each kind sorted by UUID (links by page, task, project), so two
/// databases with the same content give the same set.
public struct RecordSet: Sendable, Hashable {
    public var tasks: [TaskRecord]
    public var projects: [ProjectRecord]
    public var spaces: [SpaceRecord]
    public var pages: [PageRecord]
    public var links: [LinkRecord]
    /// Files attached to tasks and pages (their bytes are in the object store, or the bundle).
    public var attachments: [AttachmentRecord]
    /// Places tasks remind at (tasks name theirs by UUID).
    public var places: [PlaceRecord]

    public init(
        tasks: [TaskRecord] = [], projects: [ProjectRecord] = [], spaces: [SpaceRecord] = [], pages: [PageRecord] = [],
        links: [LinkRecord] = [], attachments: [AttachmentRecord] = [], places: [PlaceRecord] = []
    ) {
        self.places = places
        self.tasks = tasks
        self.projects = projects
        self.spaces = spaces
        self.pages = pages
        self.links = links
        self.attachments = attachments
    }

    public var count: Int { tasks.count + projects.count + spaces.count + pages.count + links.count + attachments.count + places.count }
}
