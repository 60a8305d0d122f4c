/// A named blueprint of tasks that can be applied on any day: GTD's checklists, a trip, a new project.
///
/// Built-in templates (`TaskTemplate.builtIn`) are defined in code and listed with the user's own,
/// which are stored in the database; a user's template may not take a built-in's name.
public struct TaskTemplate: Sendable, Hashable {
    public var name: String
    /// A project to put the tasks in (created when it does not exist yet).
    public var project: String?
    public var tasks: [TemplateTask]
    /// Defined in code rather than stored.
    public var isBuiltIn: Bool

    public init(name: String, project: String? = nil, tasks: [TemplateTask], isBuiltIn: Bool = false) {
        self.name = name
        self.project = project
        self.tasks = tasks
        self.isBuiltIn = isBuiltIn
    }

    /// Every task, subtasks included.
    public var taskCount: Int { tasks.reduce(0) { $0 + $1.count } }
}
