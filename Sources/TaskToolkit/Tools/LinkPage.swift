import Foundation
import TaskCore
import TaskStore

/// `link_page`: links a page to a task and/or a project, all or nothing.
public struct LinkPage: Tool {
    public static let definition = ToolDefinition(
        name: "link_page", title: "Link a page",
        description: "Link a page (by id or title) to a task and/or a project.",
        inputSchema: Schema.arguments(["page": Schema.idOrTitle(), "task": Schema.idOrTitle(), "project": Schema.string(nil)], required: ["page"]),
        scope: .writePages, idempotent: true, destructive: false)

    public var page: PageReference
    public var task: TaskReference?
    public var project: String?

    public init(page: PageReference, task: TaskReference? = nil, project: String? = nil) {
        self.page = page
        self.task = task
        self.project = project
    }

    public init(_ arguments: ToolArguments) throws {
        guard arguments.has("task") || arguments.has("project") else {
            throw arguments.invalid("name what to link: task (id or title) and/or project (name)")
        }
        if case .title(let title)? = arguments.taskReference("task"), title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw arguments.invalid("name the task with id (a number) or title (text)")
        }
        self.init(page: try arguments.pageReference("page"), task: arguments.taskReference("task"), project: arguments.string("project"))
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let found: Page
        switch try toolkit.findPage(page) {
        case .success(let page): found = page
        case .failure(let refusal): return .refused(refusal)
        }
        var targets: [String] = []
        if let task {
            switch try toolkit.findTask(task, openOnly: false) {
            case .success(let item): targets.append("task \(TaskWords(toolkit).task(item))")
            case .failure(let refusal): return .refused(refusal)
            }
        }
        if let project { targets.append("project \(project)") }
        return .ready("Link page #\(found.id.rawValue) '\(found.title)' to \(targets.joined(separator: " and "))")
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<PageOutput> {
        // One transaction: a missing project must not leave the task link behind.
        try toolkit.store.inOneTransaction {
            try toolkit.withPage(page) { found in
                var linked = found
                if let task {
                    switch try toolkit.findTask(task, openOnly: false) {
                    case .success(let item): linked = try Pages(toolkit.store).linkPage(found.id, toTask: item.id)
                    case .failure(let refusal): return .refused(refusal)
                    }
                }
                if let project { linked = try Pages(toolkit.store).linkPage(found.id, toProject: project) }
                return .done(PageOutput(page: linked, event: .linked))
            }
        }
    }
}
