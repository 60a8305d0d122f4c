import Foundation
import TaskCore
import TaskNL

extension TaskToolkit {
    func captureTask(_ args: Arguments) throws -> JSONValue {
        let text = args.string("text") ?? ""
        let parsed = parser.parse(text, now: now, timeZone: timeZone)
        var draft = parsed.draft
        if let project = args.string("project") { draft.project = project }
        if let list = args.string("list") { draft.list = list }
        let understood = JSONValue.array(parsed.understood.map { .string($0.text) })
        if args.bool("dry_run") {
            return Self.success(["dry_run": true, "draft": json(draft), "understood": understood])
        }
        let task = try store.createTask(draft)
        return Self.success(["task": json(task), "understood": understood])
    }

    func createTask(_ args: Arguments) throws -> JSONValue {
        var draft = TaskDraft(title: args.string("title") ?? "")
        draft.notes = args.string("notes")
        draft.due = try date("due", args)
        draft.priority = args.string("priority").flatMap(Priority.init(rawValue:)) ?? .normal
        draft.estimateMinutes = args.int("estimate_minutes")
        draft.energy = args.string("energy").flatMap(Energy.init(rawValue:))
        draft.contexts = TaskStore.normalizeContexts(args.strings("contexts") ?? [])
        draft.kind = args.string("kind").flatMap(TaskKind.init(rawValue:))
        draft.project = args.string("project")
        draft.list = args.string("list")
        draft.parent = args.int("parent").map { TaskID(Int64($0)) }
        if let rule = args["recurrence"] {
            guard let recurrence = RecurrenceRule(json: rule) else {
                throw args.invalid("recurrence must look like {\"frequency\": \"weekly\", \"interval\": 1, \"weekdays\": [\"mon\"]}")
            }
            draft.recurrence = recurrence
        }
        draft.deferUntil = try day("defer_until", args)
        let task = try store.createTask(draft)
        return Self.success(["task": json(task)])
    }

    func listTasks(_ args: Arguments) throws -> JSONValue {
        var query = TaskQuery(filter: args.string("filter").flatMap(TaskQuery.Filter.init(rawValue:)) ?? .open)
        query.list = args.string("list")
        query.project = args.string("project")
        query.context = args.string("context")  // the store reads #errands, @Errands and errands alike
        query.limit = args.int("limit") ?? 50
        let tasks = try store.tasks(query)
        return Self.success(["filter": .string(query.filter.rawValue), "count": .int(tasks.count), "tasks": .array(tasks.map(json))])
    }

    func completeTask(_ args: Arguments) throws -> JSONValue {
        try withTask(args, openOnly: true) { task in
            let (completed, next) = try store.completeTask(task.id)
            var result: [String: JSONValue] = ["task": json(completed)]
            result["next"] = next.map(json) ?? .null
            return Self.success(result)
        }
    }

    func rescheduleTask(_ args: Arguments) throws -> JSONValue {
        let due = try date("due", args)
        return try withTask(args, openOnly: true) { task in
            let updated = try store.rescheduleTask(task.id, due: due)
            return Self.success(["task": json(updated), "previous_due": .string(task.due.map { ISODate.format($0, in: timeZone) })])
        }
    }

    func deferTask(_ args: Arguments) throws -> JSONValue {
        let until = try day("until", args)
        return try withTask(args, openOnly: true) { task in
            let updated = try store.deferTask(task.id, until: until)
            return Self.success(["task": json(updated), "previous_defer_until": .string(task.deferUntil?.description)])
        }
    }

    /// Finds the task named by `id` or `title` and runs `body` on it; no match or several matches
    /// give an `ok:false` result (with the candidates), never a guess.
    func withTask(_ args: Arguments, idKey: String = "id", titleKey: String = "title", openOnly: Bool, _ body: (TaskItem) throws -> JSONValue) throws -> JSONValue {
        switch try findTask(args, idKey: idKey, titleKey: titleKey, openOnly: openOnly) {
        case .success(let task): return try body(task)
        case .failure(let failure): return failure.result
        }
    }

    struct LookupFailure: Error { let result: JSONValue }

    func findTask(_ args: Arguments, idKey: String, titleKey: String, openOnly: Bool) throws -> Result<TaskItem, LookupFailure> {
        if let id = args.int(idKey) {
            do {
                let task = try store.task(TaskID(Int64(id)))
                if openOnly && task.status == .done {
                    return .failure(LookupFailure(result: Self.failure("task \(id) '\(task.title)' is already done")))
                }
                return .success(task)
            } catch TaskStoreError.taskNotFound {
                return .failure(LookupFailure(result: Self.failure("no task with id \(id); list_tasks shows the ids")))
            }
        }
        guard let title = args.string(titleKey) else {
            throw args.invalid("name the task with \(idKey) (a number) or \(titleKey) (text)")
        }
        switch try store.findTasks(titled: title, openOnly: openOnly) {
        case .unique(let task): return .success(task)
        case .none:
            return .failure(LookupFailure(result: Self.failure("no \(openOnly ? "open " : "")task matches '\(title)'; list_tasks shows what there is")))
        case .ambiguous(let tasks):
            let names = tasks.prefix(5).map { "\($0.id) '\($0.title)'" }.joined(separator: ", ")
            return .failure(LookupFailure(result: Self.failure(
                "\(tasks.count) tasks match '\(title)': \(names)\(tasks.count > 5 ? ", …" : ""); say which by id",
                ["candidates": .array(tasks.map(candidate))])))
        }
    }

    /// A draft in the same shape as a task (so an agent can pass it on to create_task).
    func json(_ draft: TaskDraft) -> JSONValue {
        [
            "title": .string(draft.title),
            "notes": .string(draft.notes),
            "due": .string(draft.due.map { ISODate.format($0, in: timeZone) }),
            "priority": .string(draft.priority.rawValue),
            "estimate_minutes": .int(draft.estimateMinutes),
            "energy": .string(draft.energy?.rawValue),
            "contexts": .array(draft.contexts.map(JSONValue.string)),
            "kind": .string(draft.kind?.rawValue),
            "project": .string(draft.project),
            "list": .string(draft.list),
            "recurrence": draft.recurrence?.json ?? .null,
            "defer_until": .string(draft.deferUntil?.description),
        ]
    }
}
