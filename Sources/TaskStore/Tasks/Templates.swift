import Foundation
import TaskCore

/// Templates over the store's connection: named blueprints of tasks with day offsets, the built-in ones
/// and the user's own.
public struct Templates {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// The built-in templates, then the user's by name.
    public func templates() throws -> [TaskTemplate] {
        try store.read {
            TaskTemplate.builtIn + (try store.db.cached("SELECT name, project, blueprint FROM templates ORDER BY name").rows(Templates.readTemplate))
                .compactMap { $0 }
        }
    }

    /// The template with this name (any case): a built-in one or the user's, nil when there is none.
    public func template(named name: String) throws -> TaskTemplate? {
        if let builtIn = TaskTemplate.builtIn(named: name) { return builtIn }
        return try store.read {
            try store.db.cached("SELECT name, project, blueprint FROM templates WHERE name = ?")
                .bind([.text(name.trimmingCharacters(in: .whitespacesAndNewlines))]).first(Templates.readTemplate) ?? nil
        }
    }

    /// Stores a user's template; with `replacing`, one of the same name is overwritten.
    /// - Throws: `.duplicateName` for a built-in's name (always) or a stored one (unless `replacing`);
    ///   `.invalidValue` for an empty name or no tasks.
    @discardableResult
    public func saveTemplate(_ template: TaskTemplate, replacing: Bool = false) throws -> TaskTemplate {
        try store.write {
            let name = try TaskStore.validName(template.name, field: "template name")
            if let builtIn = TaskTemplate.builtIn(named: name) {
                throw TaskStoreError.duplicateName(kind: "built-in template", name: builtIn.name)
            }
            let project = try template.project.map { try TaskStore.validName($0, field: "template project") }
            guard !template.tasks.isEmpty else { throw TaskStoreError.invalidValue(field: "tasks", reason: "a template needs at least one task") }
            let stamp = DatabaseValue(TaskStore.wholeSeconds(store.now))
            let blueprint = DatabaseValue.text(template.blueprint.encoded())
            if let id = try store.db.scalar("SELECT id FROM templates WHERE name = ?", [.text(name)]) {
                guard replacing else { throw TaskStoreError.duplicateName(kind: "template", name: name) }
                try store.db.run("UPDATE templates SET name = ?, project = ?, blueprint = ?, updated = ? WHERE id = ?",
                           [.text(name), DatabaseValue(project), blueprint, stamp, .integer(id)])
            } else {
                try store.db.run("INSERT INTO templates(uuid, name, project, blueprint, created, updated) VALUES (?, ?, ?, ?, ?, ?)",
                           [.text(TaskStore.newUUID()), .text(name), DatabaseValue(project), blueprint, stamp, stamp])
            }
            return TaskTemplate(name: name, project: project, tasks: template.tasks)
        }
    }

    /// Removes a user's template (how creating one is undone). - Throws: `.templateNotFound`.
    public func deleteTemplate(named name: String) throws {
        try store.write {
            guard let id = try store.db.scalar("SELECT id FROM templates WHERE name = ?", [.text(name)]) else {
                throw TaskStoreError.templateNotFound(name)
            }
            try store.db.run("DELETE FROM templates WHERE id = ?", [.integer(id)])
        }
    }

    /// A project's tasks as template tasks: each top-level task's offset is its due day less the
    /// project's first due day, its time the due's wall-clock time; children become subtasks. A task
    /// with no due falls on the first day (its parent's, for a subtask) with no time. Done tasks count.
    /// - Throws: `.projectNotFound`; `.invalidValue` when the project has no tasks.
    public func templateTasks(fromProject name: String) throws -> [TemplateTask] {
        try store.read {
            let project = try store.resolveProject(name)
            let tasks = try store.loadTasks("WHERE t.project_id = ? ORDER BY t.due IS NULL, t.due, t.id", [.integer(project.id)])
            guard !tasks.isEmpty else {
                throw TaskStoreError.invalidValue(field: "from_project", reason: "project '\(project.name)' has no tasks to copy")
            }
            let ids = Set(tasks.map(\.id))
            let children = Dictionary(grouping: tasks.filter { $0.parent.map(ids.contains) == true }) { $0.parent }
            let first = tasks.compactMap(\.due).min().map { LocalDate($0, in: store.timeZone) }
            func make(_ task: TaskItem, inherited: Int) -> TemplateTask {
                var offset = inherited
                if let due = task.due, let first { offset = LocalDate(due, in: store.timeZone).daysSinceEpoch - first.daysSinceEpoch }
                return TemplateTask(
                    title: task.title, offsetDays: offset, time: task.due.map { WallTime($0, in: store.timeZone) },
                    estimateMinutes: task.estimateMinutes, contexts: task.contexts, priority: task.priority,
                    subtasks: (children[task.id] ?? []).map { make($0, inherited: offset) })
            }
            return tasks.filter { $0.parent.map(ids.contains) != true }.map { make($0, inherited: 0) }
        }
    }

    /// Creates a template's tasks anchored on `anchor`, all in one transaction: each due is its day
    /// (anchor plus offset) at its wall-clock time in the store's `timeZone`. The project (`project`, else the
    /// template's) is created when it does not exist. - Throws: as `createTask`; then nothing is stored.
    public func applyTemplate(_ template: TaskTemplate, anchor: LocalDate, project: String? = nil) throws -> TemplateApplication {
        try store.write {
            var projectName = project ?? template.project
            var created = false
            if let name = projectName {
                if let existing = try? store.resolveProject(name) {
                    projectName = existing.name
                } else {
                    projectName = try Projects(store).createProject(name: name, notes: "From the template '\(template.name)'.").name
                    created = true
                }
            }
            var cache: [String: (id: Int64, name: String)] = [:]
            var made: [TaskItem] = []
            func insert(_ task: TemplateTask, parent: TaskID?) throws {
                var draft = task.draft(anchoredOn: anchor, in: store.timeZone, project: projectName)
                draft.parent = parent
                let (item, listID, projectID) = try store.makeTask(from: draft, cache: &cache)
                let stored = try store.insertTaskRow(item, anchorDay: nil, stageID: nil, listID: listID, projectID: projectID)
                made.append(stored)
                for subtask in task.subtasks { try insert(subtask, parent: stored.id) }
            }
            for task in template.tasks { try insert(task, parent: nil) }
            return TemplateApplication(template: template, anchor: anchor, project: projectName, projectCreated: created, tasks: made)
        }
    }

    /// A stored row as a template; nil when its blueprint no longer reads (never written by this code).
    static func readTemplate(_ row: Statement) -> TaskTemplate? {
        guard let json = try? JSONValue.parse(row.string(2)), let tasks = try? TaskTemplate.tasks(fromBlueprint: json) else { return nil }
        return TaskTemplate(name: row.string(0), project: row.optionalString(1), tasks: tasks)
    }
}
