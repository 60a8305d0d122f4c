/// What applying a template made: the tasks (parents before their subtasks) and the project.
public struct TemplateApplication: Sendable, Hashable {
    public var template: TaskTemplate
    /// The day the offsets count from.
    public var anchor: LocalDate
    /// The project the tasks went into, if any.
    public var project: String?
    /// The project did not exist and was created for this.
    public var projectCreated: Bool
    public var tasks: [TaskItem]

    public init(template: TaskTemplate, anchor: LocalDate, project: String?, projectCreated: Bool, tasks: [TaskItem]) {
        self.template = template
        self.anchor = anchor
        self.project = project
        self.projectCreated = projectCreated
        self.tasks = tasks
    }
}
