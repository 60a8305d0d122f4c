import Foundation
import TaskCore
import TaskStore

extension TaskToolkit {
    /// The task a reference names; no match or several matches are refusals (with the candidates),
    /// never a guess.
    /// - Throws: `TaskStoreError` when storage fails.
    public func findTask(_ reference: TaskReference, openOnly: Bool) throws -> Result<TaskItem, ToolRefusal> {
        switch reference {
        case .id(let id):
            do {
                let task = try Tasks(store).task(TaskID(id))
                if openOnly && task.status == .done {
                    return .failure(ToolRefusal("task \(id) '\(task.title)' is already done"))
                }
                return .success(task)
            } catch TaskStoreError.taskNotFound {
                return .failure(ToolRefusal("no task with id \(id); list_tasks shows the ids"))
            }
        case .title(let title):
            switch try Tasks(store).findTasks(titled: title, openOnly: openOnly) {
            case .unique(let task): return .success(task)
            case .none:
                return .failure(ToolRefusal("no \(openOnly ? "open " : "")task matches '\(title)'; list_tasks shows what there is"))
            case .ambiguous(let tasks):
                let names = tasks.prefix(5).map { "\($0.id) '\($0.title)'" }.joined(separator: ", ")
                return .failure(ToolRefusal(
                    "\(tasks.count) tasks match '\(title)': \(names)\(tasks.count > 5 ? ", …" : ""); say which by id",
                    candidates: tasks.map(ToolRefusal.Candidate.task)))
            }
        }
    }

    /// The task an edit names: by id any task, done ones included; by title only open ones, so an
    /// old done "Call mom" does not make "call mom" ambiguous.
    /// - Throws: `TaskStoreError` when storage fails.
    public func findEditable(_ reference: TaskReference) throws -> Result<TaskItem, ToolRefusal> {
        if case .id = reference { return try findTask(reference, openOnly: false) }
        return try findTask(reference, openOnly: true)
    }

    /// The task a targeting call acts on, found the way the tool itself finds it: the one lookup the
    /// tool's run, its preview and the agent gate share.
    /// - Throws: `TaskStoreError` when storage fails.
    public func findTarget<T: TaskTargeting>(of call: T) throws -> Result<TaskItem, ToolRefusal> {
        T.targetsOpenTasksOnly ? try findTask(call.target, openOnly: true) : try findEditable(call.target)
    }

    /// Runs `body` on the task a targeting call acts on (`findTarget(of:)`), or refuses.
    func withTarget<T: TaskTargeting, Output>(of call: T, _ body: (TaskItem) throws -> ToolOutcome<Output>) throws -> ToolOutcome<Output> {
        switch try findTarget(of: call) {
        case .success(let task): return try body(task)
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// A preview of a targeting call on the task it acts on (`findTarget(of:)`).
    func previewTarget<T: TaskTargeting>(of call: T, _ words: (TaskItem) throws -> ToolPreview) throws -> ToolPreview {
        switch try findTarget(of: call) {
        case .success(let task): return try words(task)
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// The SHA-256 and size of the file a path argument names, read the way the tools read it
    /// (`files`: confined for an agent); nil when it cannot be read.
    public func fingerprint(ofFile argument: String) -> (sha256: String, size: Int64)? {
        try? files.reading(argument) { path, _ in
            let (digest, size) = try SHA256.file(path)
            return (digest, Int64(size))
        }
    }

    /// The task a `parent` argument names (as `findEditable`), the refusal saying it was the parent.
    func findParent(_ reference: TaskReference) throws -> Result<TaskItem, ToolRefusal> {
        try findEditable(reference).mapError { refusal in
            ToolRefusal("parent: " + refusal.message, candidates: refusal.candidates)
        }
    }

    /// Runs `body` on the task an edit names (see `findEditable`), or refuses.
    func withEditable<Output>(_ reference: TaskReference, _ body: (TaskItem) throws -> ToolOutcome<Output>) throws -> ToolOutcome<Output> {
        switch try findEditable(reference) {
        case .success(let task): return try body(task)
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// A preview of an edit of the task a reference names (see `findEditable`).
    func previewEditable(_ reference: TaskReference, _ words: (TaskItem) throws -> ToolPreview) throws -> ToolPreview {
        switch try findEditable(reference) {
        case .success(let task): return try words(task)
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// Runs `body` on the task a reference names, or refuses.
    func withTask<Output>(_ reference: TaskReference, openOnly: Bool, _ body: (TaskItem) throws -> ToolOutcome<Output>) throws -> ToolOutcome<Output> {
        switch try findTask(reference, openOnly: openOnly) {
        case .success(let task): return try body(task)
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// A preview of a call on the task a reference names: "Complete #12 'Call the plumber'".
    func previewTask(_ reference: TaskReference, openOnly: Bool, _ words: (TaskItem) -> String) throws -> ToolPreview {
        switch try findTask(reference, openOnly: openOnly) {
        case .success(let task): return .ready(words(task))
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// The page a reference names; no match or several matches are refusals.
    /// - Throws: `TaskStoreError` when storage fails.
    public func findPage(_ reference: PageReference) throws -> Result<Page, ToolRefusal> {
        switch reference {
        case .id(let id):
            do {
                return .success(try Pages(store).page(PageID(id)))
            } catch TaskStoreError.pageNotFound {
                return .failure(ToolRefusal("no page with id \(id); list_pages shows the ids"))
            }
        case .title(let title):
            switch try Pages(store).findPages(titled: title) {
            case .unique(let page): return .success(page)
            case .none: return .failure(ToolRefusal("no page matches '\(title)'; list_pages shows what there is"))
            case .ambiguous(let pages):
                let names = pages.prefix(5).map { "\($0.id) '\($0.title)'" }.joined(separator: ", ")
                return .failure(ToolRefusal("\(pages.count) pages match '\(title)': \(names); say which by id",
                                            candidates: pages.map(ToolRefusal.Candidate.page)))
            }
        }
    }

    func withPage<Output>(_ reference: PageReference, _ body: (Page) throws -> ToolOutcome<Output>) throws -> ToolOutcome<Output> {
        switch try findPage(reference) {
        case .success(let page): return try body(page)
        case .failure(let refusal): return .refused(refusal)
        }
    }
}

extension ToolArguments {
    /// The page named by one argument (its id or its title).
    func pageReference(_ key: String) throws -> PageReference {
        guard let value = self[key] else { throw invalid("missing required argument '\(key)'") }
        if let id = value.intValue { return .id(Int64(id)) }
        return .title(value.stringValue ?? "")
    }

    /// The task named by one argument (its id or its title).
    func taskReference(_ key: String) -> TaskReference? {
        guard let value = self[key] else { return nil }
        if let id = value.intValue { return .id(Int64(id)) }
        return .title(value.stringValue ?? "")
    }
}
