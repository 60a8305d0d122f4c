import Foundation
import TaskCore

/// How records look in tool results: snake_case keys, ISO 8601 dates with the zone's offset.
extension TaskToolkit {
    func json(_ task: TaskItem) -> JSONValue {
        [
            "id": .int(Int(task.id.rawValue)),
            "title": .string(task.title),
            "notes": .string(task.notes),
            "due": .string(task.due.map { ISODate.format($0, in: timeZone) }),
            "priority": .string(task.priority.rawValue),
            "estimate_minutes": .int(task.estimateMinutes),
            "energy": .string(task.energy?.rawValue),
            "contexts": .array(task.contexts.map(JSONValue.string)),
            "kind": .string(task.kind?.rawValue),
            "status": .string(task.status.rawValue),
            "stage": .string(task.stage),
            "list": .string(task.list),
            "project": .string(task.project),
            "parent": .int(task.parent.map { Int($0.rawValue) }),
            "recurrence": task.recurrence?.json ?? .null,
            "defer_until": .string(task.deferUntil?.description),
            "created": .string(ISODate.format(task.created, in: timeZone)),
            "updated": .string(ISODate.format(task.updated, in: timeZone)),
            "completed": .string(task.completed.map { ISODate.format($0, in: timeZone) }),
        ]
    }

    func json(_ summary: ProjectSummary) -> JSONValue {
        [
            "id": .int(Int(summary.project.id.rawValue)),
            "name": .string(summary.project.name),
            "notes": .string(summary.project.notes),
            "open": .int(summary.openCount),
            "done": .int(summary.doneCount),
            "progress": .double((summary.progress * 1000).rounded() / 1000),
        ]
    }

    func json(_ project: Project) -> JSONValue {
        ["id": .int(Int(project.id.rawValue)), "name": .string(project.name), "notes": .string(project.notes)]
    }

    func json(_ space: Space) -> JSONValue {
        ["id": .int(Int(space.id.rawValue)), "name": .string(space.name), "project": .string(space.project)]
    }

    /// A page; the body is left out of listings (`withBody: false`) to keep them small.
    func json(_ page: Page, withBody: Bool = true) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .int(Int(page.id.rawValue)),
            "title": .string(page.title),
            "space": .string(page.space),
            "labels": .array(page.labels.map(JSONValue.string)),
            "linked_tasks": .array(page.linkedTasks.map { .int(Int($0.rawValue)) }),
            "linked_projects": .array(page.linkedProjects.map(JSONValue.string)),
            "updated": .string(ISODate.format(page.updated, in: timeZone)),
        ]
        if withBody { object["body"] = .string(page.body) }
        return .object(object)
    }

    /// A short form for candidate lists.
    func candidate(_ task: TaskItem) -> JSONValue {
        ["id": .int(Int(task.id.rawValue)), "title": .string(task.title), "due": .string(task.due.map { ISODate.format($0, in: timeZone) })]
    }
}
