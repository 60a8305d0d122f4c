/// The stored form of a template's tasks: `{"tasks": [ … ]}` (see `TemplateTask+JSON`).
extension TaskTemplate {
    /// The tasks as the blueprint JSON the database keeps.
    public var blueprint: JSONValue { ["tasks": .array(tasks.map(\.json))] }

    /// Reads the tasks of a blueprint (or of a bare array of tasks).
    /// - Throws: `TemplateProblem` for the first task that does not fit; an empty list is refused too.
    public static func tasks(fromBlueprint json: JSONValue) throws(TemplateProblem) -> [TemplateTask] {
        guard let items = json["tasks"]?.arrayValue ?? json.arrayValue else {
            throw TemplateProblem(path: "tasks", reason: "must be an array of tasks")
        }
        guard !items.isEmpty else { throw TemplateProblem(path: "tasks", reason: "must hold at least one task") }
        var tasks: [TemplateTask] = []
        for (i, item) in items.enumerated() { tasks.append(try TemplateTask(json: item, path: "tasks[\(i)]")) }
        return tasks
    }

    /// Name, project, whether built in, and the tasks, as tools return a template.
    public var json: JSONValue {
        [
            "name": .string(name),
            "project": .string(project),
            "builtin": .bool(isBuiltIn),
            "task_count": .int(taskCount),
            "tasks": .array(tasks.map(\.json)),
        ]
    }
}
