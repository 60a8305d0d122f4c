import Foundation
import TaskCore

/// How records look in tool results: snake_case keys, ISO 8601 dates with the zone's offset.
public struct ResultFormat: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    public func date(_ date: Date?) -> JSONValue { .string(date.map { ISODate.format($0, in: timeZone) }) }

    /// A due: the day alone (`2026-12-10`) when it is date-only, else the date and time.
    public func due(_ date: Date?, day: LocalDate?) -> JSONValue {
        guard date != nil, let day else { return self.date(date) }
        return .string(day.description)
    }

    /// A task as results carry it: the members `TaskField` declares at the tool door
    /// (`TaskField+Tool`); `remind` appears only when the task has its own.
    public func task(_ task: TaskItem) -> JSONValue { self.task(task, depth: nil, syncError: nil) }

    /// A task as a listing carries it: with `"depth"` in a `tree`, and `"sync_error"` for a task the
    /// last sync could not write (nil: left out).
    public func task(_ task: TaskItem, depth: Int?, syncError: String?) -> JSONValue {
        var w = JSONTreeMembers(timeZone: timeZone)
        TaskField.write(task, depth: depth, syncError: syncError, to: &w)
        return w.object
    }

    /// A draft in the same shape as a task (`TaskField+Tool`).
    public func draft(_ draft: TaskDraft) -> JSONValue {
        var w = JSONTreeMembers(timeZone: timeZone)
        TaskField.write(draft, to: &w)
        return w.object
    }

    /// `projectSummary`'s shape.
    public static let projectSummarySchema = OutputSchema.object(
        ["id": OutputSchema.integer, "name": OutputSchema.string, "notes": OutputSchema.nullableString, "open": OutputSchema.integer,
         "done": OutputSchema.integer, "progress": OutputSchema.number, "notes_sealed": OutputSchema.boolean],
        optional: ["notes_sealed"])

    public func projectSummary(_ summary: ProjectSummary) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .int(Int(summary.project.id.rawValue)),
            "name": .string(summary.project.name),
            "notes": .string(summary.project.notes),
            "open": .int(summary.openCount),
            "done": .int(summary.doneCount),
            "progress": .double((summary.progress * 1000).rounded() / 1000),
        ]
        if summary.project.notesLocked { object["notes_sealed"] = .bool(true) }
        return .object(object)
    }

    /// `project`'s shape.
    public static let projectSchema = OutputSchema.object(
        ["id": OutputSchema.integer, "name": OutputSchema.string, "notes": OutputSchema.nullableString, "notes_sealed": OutputSchema.boolean],
        optional: ["notes_sealed"])

    public func project(_ project: Project) -> JSONValue {
        var object: [String: JSONValue] = ["id": .int(Int(project.id.rawValue)), "name": .string(project.name), "notes": .string(project.notes)]
        if project.notesLocked { object["notes_sealed"] = .bool(true) }
        return .object(object)
    }

    /// `place`'s members (a listing adds `open_tasks`).
    public static let placeMembers: [String: JSONValue] = [
        "id": OutputSchema.integer, "name": OutputSchema.string, "latitude": OutputSchema.number,
        "longitude": OutputSchema.number, "radius_m": OutputSchema.number,
    ]

    public func place(_ place: Place) -> JSONValue {
        [
            "id": .int(Int(place.id.rawValue)), "name": .string(place.name),
            "latitude": .double(place.center.latitude), "longitude": .double(place.center.longitude),
            "radius_m": .double(place.radius),
        ]
    }

    public static let spaceSchema = OutputSchema.object(["id": OutputSchema.integer, "name": OutputSchema.string, "project": OutputSchema.nullableString])

    public func space(_ space: Space) -> JSONValue {
        ["id": .int(Int(space.id.rawValue)), "name": .string(space.name), "project": .string(space.project)]
    }

    /// `page`'s shape, with or without the body.
    public static func pageSchema(withBody: Bool) -> JSONValue {
        var members: [String: JSONValue] = [
            "id": OutputSchema.integer, "title": OutputSchema.string, "space": OutputSchema.string,
            "labels": OutputSchema.array(OutputSchema.string), "linked_tasks": OutputSchema.array(OutputSchema.integer),
            "linked_projects": OutputSchema.array(OutputSchema.string), "updated": OutputSchema.nullableString,
        ]
        if withBody { members["body"] = OutputSchema.string }
        return OutputSchema.object(members)
    }

    /// A page; the body is left out of listings (`withBody: false`) to keep them small.
    public func page(_ page: Page, withBody: Bool = true) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .int(Int(page.id.rawValue)),
            "title": .string(page.title),
            "space": .string(page.space),
            "labels": .array(page.labels.map(JSONValue.string)),
            "linked_tasks": .array(page.linkedTasks.map { .int(Int($0.rawValue)) }),
            "linked_projects": .array(page.linkedProjects.map(JSONValue.string)),
            "updated": date(page.updated),
        ]
        if withBody { object["body"] = .string(page.body) }
        return .object(object)
    }

    /// `candidate`'s shape, and a page's in a refusal's candidates (`id` and `title` only).
    public static let candidateSchema = OutputSchema.object(
        ["id": OutputSchema.integer, "title": OutputSchema.string, "due": OutputSchema.nullableString], optional: ["due"])

    /// A short form for candidate lists.
    public func candidate(_ task: TaskItem) -> JSONValue {
        ["id": .int(Int(task.id.rawValue)), "title": .string(task.title), "due": due(task.due, day: task.dueDay)]
    }
}
