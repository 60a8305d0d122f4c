import Foundation
import TaskCore
import TaskStore

/// `create_task`: a task from explicit fields.
public struct CreateTask: Tool {
    public static let definition = ToolDefinition(
        name: "create_task", title: "Create a task",
        description: "Create a task from explicit fields. Dates: ISO 8601 or natural language (\"tomorrow 5pm\"); a bare day is all-day.",
        inputSchema: Schema.arguments(properties, required: ["title"]),
        scope: .writeTasks, idempotent: false, destructive: false)

    /// The fields of a task as arguments; `update_task` offers the same ones (nullable where a
    /// field can be cleared).
    static let properties: [String: JSONValue] = [
        "title": Schema.string(nil, minLength: 1),
        "notes": Schema.string(nil),
        "due": Schema.nullable(Schema.string(nil)),
        "priority": Schema.priority,
        "estimate_minutes": Schema.integer(nil, minimum: 0, maximum: 10_080),
        "energy": Schema.energy,
        "contexts": Schema.strings("Such as errands, phone."),
        "kind": Schema.kind,
        "project": Schema.string("An existing project."),
        "list": Schema.string(nil),
        "parent": Schema.idOrTitle("The parent task."),
        "recurrence": Schema.recurrence,
        "defer_until": Schema.nullable(Schema.string(nil)),
        "remind": Schema.remind,
        "place": Schema.placeName,
        "place_trigger": Schema.placeTrigger,
    ]

    /// The fields; `due` and `deferUntil` are kept as given (ISO 8601 or a phrase) and read when it runs.
    public var draft: TaskDraft
    public var due: String?
    public var deferUntil: String?
    /// The parent named by title (or id), looked up when it runs; nil keeps `draft.parent`.
    public var parent: TaskReference?
    /// The `remind` argument as given (minutes or a time), read against the due when it runs.
    public var remind: JSONValue?

    public init(draft: TaskDraft, due: String? = nil, deferUntil: String? = nil, parent: TaskReference? = nil, remind: JSONValue? = nil) {
        self.draft = draft
        self.due = due
        self.deferUntil = deferUntil
        self.parent = parent
        self.remind = remind
    }

    public init(_ arguments: ToolArguments) throws {
        var draft = TaskDraft(title: arguments.string("title") ?? "")
        draft.notes = arguments.text("notes")
        draft.priority = arguments.string("priority").flatMap(Priority.init(rawValue:)) ?? .normal
        draft.estimateMinutes = arguments.int("estimate_minutes")
        draft.energy = arguments.string("energy").flatMap(Energy.init(rawValue:))
        draft.contexts = TaskStore.normalizeContexts(arguments.strings("contexts") ?? [])
        draft.kind = arguments.string("kind").flatMap(TaskKind.init(rawValue:))
        draft.project = arguments.string("project")
        draft.list = arguments.string("list")
        draft.recurrence = try arguments.recurrence()
        draft.place = try arguments.placeBinding()
        self.init(draft: draft, due: try arguments.dateText("due"), deferUntil: try arguments.dateText("defer_until"),
                  parent: arguments.taskReference("parent"), remind: arguments.values["remind"].flatMap { $0 == .null ? nil : $0 })
    }

    /// The call as JSON arguments, for a person to edit before it runs.
    public func arguments(_ format: ResultFormat) -> JSONValue {
        var object: [String: JSONValue] = ["title": .string(draft.title)]
        if let notes = draft.notes { object["notes"] = .string(notes) }
        if let due { object["due"] = .string(due) } else if draft.due != nil { object["due"] = format.due(draft.due, day: draft.dueDay) }
        if draft.priority != .normal { object["priority"] = .string(draft.priority.rawValue) }
        if let minutes = draft.estimateMinutes { object["estimate_minutes"] = .int(minutes) }
        if let energy = draft.energy { object["energy"] = .string(energy.rawValue) }
        if !draft.contexts.isEmpty { object["contexts"] = .array(draft.contexts.map(JSONValue.string)) }
        if let kind = draft.kind { object["kind"] = .string(kind.rawValue) }
        if let project = draft.project { object["project"] = .string(project) }
        if let list = draft.list { object["list"] = .string(list) }
        switch parent {
        case .id(let id): object["parent"] = .int(Int(id))
        case .title(let title): object["parent"] = .string(title)
        case nil: if let id = draft.parent { object["parent"] = .int(Int(id.rawValue)) }
        }
        if let recurrence = draft.recurrence { object["recurrence"] = recurrence.json }
        if let deferUntil { object["defer_until"] = .string(deferUntil) } else if let day = draft.deferUntil { object["defer_until"] = .string(day.description) }
        if let remind { object["remind"] = remind } else if let setting = draft.remind { object["remind"] = setting.json(format) }
        if let place = draft.place {
            object["place"] = .string(place.place)
            object["place_trigger"] = .string(place.trigger.rawValue)
        }
        return .object(object)
    }

    /// The draft with its dates read and its parent looked up (a title that matches no task, or
    /// several, is a refusal).
    func resolved(in toolkit: TaskToolkit) throws -> Result<TaskDraft, ToolRefusal> {
        var resolved = draft
        if let due, let read = try toolkit.due(due, argument: "due", tool: Self.definition.name) {
            resolved.due = read.date
            resolved.dueDay = read.day
        }
        if let deferUntil { resolved.deferUntil = try toolkit.day(deferUntil, argument: "defer_until", tool: Self.definition.name) }
        if let remind { resolved.remind = try toolkit.reminder(remind, due: resolved.due, tool: Self.definition.name) }
        if let place = draft.place {
            guard let stored = try Places(toolkit.store).place(named: place.place) else { return .failure(ToolRefusal(TaskStoreError.placeNotFound(place.place).description)) }
            resolved.place = PlaceBinding(place: stored.name, trigger: place.trigger)
        }
        if let parent {
            switch try toolkit.findParent(parent) {
            case .success(let task): resolved.parent = task.id
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(resolved)
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        switch try resolved(in: toolkit) {
        case .success(let draft): return .ready(TaskWords(toolkit).creation(draft))
        case .failure(let refusal): return .refused(refusal)
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<TaskOutput> {
        switch try resolved(in: toolkit) {
        case .success(let draft): return .done(TaskOutput(task: try Tasks(toolkit.store).createTask(draft)))
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// The project the new task goes into and the project of its parent.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        switch try resolved(in: toolkit) {
        case .success(let draft): return try .creating(in: draft.project, under: draft.parent, scope: Self.definition.scope, toolkit: toolkit)
        case .failure(let refusal): return .refused(refusal, scope: Self.definition.scope)
        }
    }

    public func undo(after output: TaskOutput) -> UndoAction? { .deleting(output.task) }
}
