import Foundation
import TaskCore
import TaskStore

/// What one call would touch, read before it runs with the tool's own lookups: the scope its effects
/// need and the projects of every task it would create, change, move or delete. The agent gate decides
/// on this, never on the call's arguments alone.
///
/// The rule for scopes, in one place: a tool's definition gives the least scope any call of it needs;
/// a call that replaces or clears what a task already has (its due, defer, recurrence, notes, project,
/// parent, stage or place), overwrites a record (a template of the same name) or removes one needs
/// `destructive`, the scope of `reschedule_task`, `defer_task` and `delete_task`. Filling a field that
/// was empty stays in the tool's own scope.
public struct CallFootprint: Sendable, Hashable {
    /// The scope the call's effects need.
    public var scope: AgentScope
    /// The projects of what it touches, lower-cased, with `""` for a task in no project; nil when it
    /// touches nothing that belongs to a project, or what it touches cannot be told in advance, so only
    /// a grant without a project covers it.
    public var projects: Set<String>?
    /// The tasks it acts on (the target, and the subtasks that go with it), for pinning an approval.
    public var tasks: [TaskID]
    /// Set when the task it names cannot be found or the title matches several: the call is refused
    /// before it reaches a policy or a person.
    public var refusal: ToolRefusal?
    /// The file the call reads (its path argument: `import_tasks`, `attach_file`), whose bytes an
    /// approval pins as they were when the agent asked.
    public var fileRead: String?

    public init(scope: AgentScope, projects: Set<String>? = nil, tasks: [TaskID] = [], refusal: ToolRefusal? = nil) {
        self.scope = scope
        self.projects = projects
        self.tasks = tasks
        self.refusal = refusal
    }

    /// The key a project name is compared by ("" for none).
    public static func key(_ project: String?) -> String { (project ?? "").lowercased() }

    /// The footprint of a call on `task` alone.
    static func task(_ task: TaskItem, scope: AgentScope) -> CallFootprint {
        CallFootprint(scope: scope, projects: [key(task.project)], tasks: [task.id])
    }

    /// The footprint of a call that creates a task in `project`, below `parent`.
    static func creating(in project: String?, under parent: TaskID?, scope: AgentScope, toolkit: TaskToolkit) throws -> CallFootprint {
        var projects: Set<String> = [key(project)]
        if let parent { projects.insert(key(try Tasks(toolkit.store).task(parent).project)) }
        return CallFootprint(scope: scope, projects: projects)
    }

    /// The footprint of a call whose target lookup refused.
    static func refused(_ refusal: ToolRefusal, scope: AgentScope) -> CallFootprint {
        CallFootprint(scope: scope, refusal: refusal)
    }

    /// Adds tasks the call touches besides its target (subtasks completed, deleted or orphaned with it).
    mutating func include(_ others: [TaskItem]) {
        for task in others {
            projects?.insert(Self.key(task.project))
            tasks.append(task.id)
        }
    }

    /// Raises the scope to at least `scope`.
    mutating func needs(_ scope: AgentScope) { self.scope = max(self.scope, scope) }
}

extension Tool {
    /// By default a call needs its definition's scope and touches nothing inside a project.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint { CallFootprint(scope: Self.definition.scope) }
}

extension TaskTargeting {
    /// By default a call on one task touches that task, found with the tool's own lookup.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        switch try toolkit.findTarget(of: self) {
        case .success(let task): return .task(task, scope: Self.definition.scope)
        case .failure(let refusal): return .refused(refusal, scope: Self.definition.scope)
        }
    }
}
