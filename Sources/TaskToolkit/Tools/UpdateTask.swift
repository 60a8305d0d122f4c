import Foundation
import TaskCore
import TaskStore

/// `update_task`: changes any field of a task after it was created; null clears an optional one.
public struct UpdateTask: TaskTargeting, ArgumentsExpressible {
    public static let definition = ToolDefinition(
        name: "update_task", title: "Update a task",
        description: "Change a task's fields (by id or title); give only what changes, null clears a field. add_contexts and remove_contexts adjust contexts.",
        inputSchema: Schema.arguments(properties),
        scope: .writeTasks, idempotent: true, destructive: true)

    /// create_task's field schemas, nullable where a field can be cleared.
    static let properties: [String: JSONValue] = {
        let fields = CreateTask.properties
        var properties: [String: JSONValue] = [
            "id": Schema.taskID, "title": Schema.taskTitle,
            "new_title": fields["title"] ?? Schema.string(nil, minLength: 1),
            "add_contexts": Schema.strings(nil),
            "remove_contexts": Schema.strings(nil),
        ]
        for key in ["priority", "list", "place_trigger"] { properties[key] = fields[key] }
        for key in UpdateTask.clearable { properties[key] = Schema.nullable(fields[key]) }
        return properties
    }()

    /// The fields null clears.
    static let clearable = ["notes", "contexts", "due", "estimate_minutes", "energy", "kind", "project", "parent", "recurrence", "defer_until", "remind", "place"]

    public var target: TaskReference
    /// The changes besides dates, parent and context adjustments (nil leaves a field alone).
    public var changes: TaskUpdate
    /// The new due date as given; `.some(nil)` clears it.
    public var due: String??
    /// The new defer day as given; `.some(nil)` clears it.
    public var deferUntil: String??
    /// The new parent by id or title, looked up when it runs; `.some(nil)` makes it top-level.
    public var parent: TaskReference??
    public var addContexts: [String]
    public var removeContexts: [String]
    /// The new `remind` as given (minutes or a time); `.some(nil)` clears it.
    public var remind: JSONValue??
    /// The new place by name; `.some(nil)` unbinds the task.
    public var place: String??
    /// The new trigger; alone it changes the trigger of the task's place.
    public var placeTrigger: PlaceBinding.Trigger?

    public init(target: TaskReference, changes: TaskUpdate = TaskUpdate(), due: String?? = nil, deferUntil: String?? = nil,
                parent: TaskReference?? = nil, addContexts: [String] = [], removeContexts: [String] = []) {
        self.target = target
        self.changes = changes
        self.due = due
        self.deferUntil = deferUntil
        self.parent = parent
        self.addContexts = TaskStore.normalizeContexts(addContexts)
        self.removeContexts = TaskStore.normalizeContexts(removeContexts)
        self.remind = nil
        self.place = nil
        self.placeTrigger = nil
    }

    public init(_ arguments: ToolArguments) throws {
        /// nil when absent, `.some(nil)` for null, else the value read.
        func field<T>(_ key: String, _ read: () throws -> T?) rethrows -> T?? {
            guard arguments.has(key) else { return nil }
            return arguments.values[key] == .null ? .some(nil) : .some(try read())
        }
        var changes = TaskUpdate()
        changes.title = arguments.string("new_title")
        changes.notes = field("notes") { arguments.text("notes") }
        changes.priority = arguments.string("priority").flatMap(Priority.init(rawValue:))
        changes.estimateMinutes = field("estimate_minutes") { arguments.int("estimate_minutes") }
        changes.energy = field("energy") { arguments.string("energy").flatMap(Energy.init(rawValue:)) }
        changes.contexts = arguments.strings("contexts").map(TaskStore.normalizeContexts)
        if arguments.has("contexts") && arguments.values["contexts"] == .null { changes.contexts = [] }
        changes.kind = field("kind") { arguments.string("kind").flatMap(TaskKind.init(rawValue:)) }
        changes.project = field("project") { arguments.string("project") }
        changes.list = arguments.string("list")
        changes.recurrence = try field("recurrence") {
            guard let rule = try arguments.recurrence() else { throw arguments.invalid("recurrence is missing") }
            return rule
        }
        let due = try field("due") { try arguments.dateText("due") }
        let deferUntil = try field("defer_until") { try arguments.dateText("defer_until") }
        let parent = field("parent") { arguments.taskReference("parent") }
        self.init(target: try arguments.taskReference(), changes: changes, due: due, deferUntil: deferUntil, parent: parent,
                  addContexts: arguments.strings("add_contexts") ?? [], removeContexts: arguments.strings("remove_contexts") ?? [])
        remind = field("remind") { arguments.values["remind"] }
        place = field("place") { arguments.string("place") }
        placeTrigger = arguments.string("place_trigger").flatMap(PlaceBinding.Trigger.init(rawValue:))
        if place == .some(nil) && placeTrigger != nil { throw arguments.invalid("place_trigger needs a place; null place unbinds the task") }
        guard changes != TaskUpdate() || due != nil || deferUntil != nil || parent != nil || remind != nil || place != nil || placeTrigger != nil
            || !addContexts.isEmpty || !removeContexts.isEmpty
        else { throw arguments.invalid("nothing to change; give at least one field (new_title, notes, priority, due, …)") }
    }

    /// The call as JSON arguments (dates as given), for a person to edit before it runs.
    public var arguments: JSONValue {
        var o: [String: JSONValue] = [target.argument.key: target.argument.value]
        func put<T>(_ key: String, _ value: T??, _ json: (T) -> JSONValue) {
            if let value { o[key] = value.map(json) ?? .null }
        }
        if let title = changes.title { o["new_title"] = .string(title) }
        put("notes", changes.notes, JSONValue.string)
        if let priority = changes.priority { o["priority"] = .string(priority.rawValue) }
        put("estimate_minutes", changes.estimateMinutes, JSONValue.int)
        put("energy", changes.energy) { .string($0.rawValue) }
        if let contexts = changes.contexts { o["contexts"] = .array(contexts.map(JSONValue.string)) }
        put("kind", changes.kind) { .string($0.rawValue) }
        put("project", changes.project, JSONValue.string)
        if let list = changes.list { o["list"] = .string(list) }
        put("recurrence", changes.recurrence) { $0.json }
        put("due", due, JSONValue.string)
        put("defer_until", deferUntil, JSONValue.string)
        put("parent", parent) { $0.value }
        put("remind", remind) { $0 }
        put("place", place, JSONValue.string)
        if let placeTrigger { o["place_trigger"] = .string(placeTrigger.rawValue) }
        if !addContexts.isEmpty { o["add_contexts"] = .array(addContexts.map(JSONValue.string)) }
        if !removeContexts.isEmpty { o["remove_contexts"] = .array(removeContexts.map(JSONValue.string)) }
        return .object(o)
    }

    public struct Output: ToolOutput {
        public var task: TaskItem
        public var focusTask: TaskID? { task.id }
        /// The task as it was before.
        public var previous: TaskItem

        public static let schema = OutputSchema.object(["task": OutputSchema.task, "previous": OutputSchema.task])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["task": format.task(task), "previous": format.task(previous)]
        }
    }

    /// The store update for `task`: dates read, the parent looked up, context adjustments applied.
    func update(for task: TaskItem, in toolkit: TaskToolkit) throws -> Result<TaskUpdate, ToolRefusal> {
        let name = Self.definition.name
        var update = changes
        if let due {
            let read = try toolkit.due(due, argument: "due", tool: name)
            update.due = .some(read?.date)
            update.dueDay = read?.day
        }
        if let deferUntil { update.deferUntil = .some(try toolkit.day(deferUntil, argument: "defer_until", tool: name)) }
        if let remind {
            let due = update.due ?? task.due
            update.remind = .some(try remind.map { try toolkit.reminder($0, due: due, tool: name) })
        }
        switch place {
        case .some(.some(let name)):
            guard let stored = try Places(toolkit.store).place(named: name) else { return .failure(ToolRefusal(TaskStoreError.placeNotFound(name).description)) }
            update.place = .some(PlaceBinding(place: stored.name, trigger: placeTrigger ?? task.place?.trigger ?? .arrive))
        case .some(.none): update.place = .some(nil)
        case .none:
            if let placeTrigger {
                guard let current = task.place else {
                    return .failure(ToolRefusal("'\(task.title)' is not bound to a place; give place (a name from list_places) with place_trigger"))
                }
                update.place = .some(PlaceBinding(place: current.place, trigger: placeTrigger))
            }
        }
        switch parent {
        case .some(.some(let reference)):
            switch try toolkit.findParent(reference) {
            case .success(let parent): update.parent = .some(parent.id)
            case .failure(let refusal): return .failure(refusal)
            }
        case .some(.none): update.parent = .some(nil)
        case .none: break
        }
        if !addContexts.isEmpty || !removeContexts.isEmpty {
            let removed = Set(removeContexts)
            update.contexts = TaskStore.normalizeContexts((update.contexts ?? task.contexts) + addContexts).filter { !removed.contains($0) }
        }
        return .success(update)
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let words = TaskWords(toolkit)
        return try toolkit.previewTarget(of: self) { task in
            switch try update(for: task, in: toolkit) {
            case .success(let update): return .ready("Update \(words.task(task)): " + words.changes(update, of: task).joined(separator: ", "))
            case .failure(let refusal): return .refused(refusal)
            }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        try toolkit.withTarget(of: self) { task in
            switch try update(for: task, in: toolkit) {
            case .success(let update): return .done(Output(task: try Tasks(toolkit.store).updateTask(task.id, update), previous: task))
            case .failure(let refusal): return .refused(refusal)
            }
        }
    }


    /// The task it edits and, when it moves it, the project or parent it moves to; `destructive` when it
    /// replaces or clears what the task already has (due, defer, recurrence, notes, project, parent,
    /// stage, place), as `reschedule_task` and `defer_task` would.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        let task: TaskItem
        switch try toolkit.findTarget(of: self) {
        case .success(let found): task = found
        case .failure(let refusal): return .refused(refusal, scope: Self.definition.scope)
        }
        let update: TaskUpdate
        switch try self.update(for: task, in: toolkit) {
        case .success(let read): update = read
        case .failure(let refusal): return .refused(refusal, scope: Self.definition.scope)
        }
        var footprint = CallFootprint.task(task, scope: Self.definition.scope)
        /// Whether a change replaces or clears a value the task has (filling an empty field does not).
        func replaces<T: Equatable>(_ change: T??, _ current: T?) -> Bool {
            guard let change, let current else { return false }
            return change != current
        }
        let notes = task.notes.flatMap { $0.isEmpty ? nil : $0 }
        if replaces(update.due, task.due) || replaces(update.deferUntil, task.deferUntil) || replaces(update.recurrence, task.recurrence)
            || replaces(update.notes, notes) || replaces(update.project, task.project) || replaces(update.parent, task.parent)
            || replaces(update.stage, task.stage) || replaces(update.place, task.place) {
            footprint.needs(.destructive)
        }
        if let project = update.project { footprint.projects?.insert(CallFootprint.key(project)) }
        if case .some(.some(let parentID)) = update.parent, let parent = try? Tasks(toolkit.store).task(parentID) {
            footprint.projects?.insert(CallFootprint.key(parent.project))
        }
        return footprint
    }
    public func undo(after output: Output) -> UndoAction? {
        let (id, back) = (output.task.id, TaskUpdate.restoring(output.previous, from: output.task))
        return UndoAction("Restored '\(output.previous.title)' as it was") { store in _ = try Tasks(store).updateTask(id, back) }
    }
}

extension TaskUpdate {
    /// The update that turns `after` back into `before`: every editable field that differs.
    static func restoring(_ before: TaskItem, from after: TaskItem) -> TaskUpdate {
        var u = TaskUpdate()
        if before.title != after.title { u.title = before.title }
        if before.notes != after.notes { u.notes = .some(before.notes) }
        if before.due != after.due { u.due = .some(before.due) }
        if before.priority != after.priority { u.priority = before.priority }
        if before.estimateMinutes != after.estimateMinutes { u.estimateMinutes = .some(before.estimateMinutes) }
        if before.energy != after.energy { u.energy = .some(before.energy) }
        if before.contexts != after.contexts { u.contexts = before.contexts }
        if before.kind != after.kind { u.kind = .some(before.kind) }
        if before.stage != after.stage { u.stage = .some(before.stage) }
        if before.list != after.list { u.list = before.list }
        if before.project != after.project { u.project = .some(before.project) }
        if before.parent != after.parent { u.parent = .some(before.parent) }
        if before.recurrence != after.recurrence { u.recurrence = .some(before.recurrence) }
        if before.deferUntil != after.deferUntil { u.deferUntil = .some(before.deferUntil) }
        if before.remind != after.remind { u.remind = .some(before.remind) }
        if before.place != after.place { u.place = .some(before.place) }
        return u
    }
}
