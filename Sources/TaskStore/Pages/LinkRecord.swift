import TaskCore

/// A page linked to a task or to a project, all by UUID (exactly one of `task` and `project` is set).
public struct LinkRecord: Sendable, Hashable, Comparable {
    public var page: String
    public var task: String?
    public var project: String?

    public init(page: String, task: String? = nil, project: String? = nil) {
        self.page = page
        self.task = task
        self.project = project
    }

    public static func < (a: LinkRecord, b: LinkRecord) -> Bool {
        (a.page, a.task ?? "", a.project ?? "") < (b.page, b.task ?? "", b.project ?? "")
    }
}
