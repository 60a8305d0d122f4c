import TaskCore

extension TaskToolkit {
    private static let dateHelp = "ISO 8601 (2026-12-04T15:00) or natural language (\"tomorrow 5pm\", \"friday\")"
    private static let taskID = Schema.integer("The task's id (from list_tasks).", minimum: 1)
    private static let taskTitle = Schema.string("The task's title: an exact match (any case) or a unique part of it.", minLength: 1)
    private static let priority = Schema.oneOf(Priority.allCases.map(\.rawValue), "Priority (default normal).")
    private static let energy = Schema.oneOf(Energy.allCases.map(\.rawValue), "The attention it needs.")
    private static let kind = Schema.oneOf(TaskKind.allCases.map(\.rawValue), "What sort of task it is.")

    /// The catalogue, in DESIGN.md's order. Read-only tools never change the database.
    public static let definitions: [ToolDefinition] = [
        ToolDefinition(
            name: "capture_task", title: "Capture a task",
            description: "Create a task from a plain sentence, e.g. \"call mom tomorrow 5pm #family !high ~15m\". "
                + "Returns the task and the chips showing what was understood. With dry_run, returns the parsed draft and saves nothing.",
            inputSchema: Schema.arguments([
                "text": Schema.string("The sentence as the user typed it.", minLength: 1),
                "project": Schema.string("Put the task in this project (by name)."),
                "list": Schema.string("Put the task in this list (default Inbox)."),
                "dry_run": Schema.boolean("Parse and show what would be created, save nothing."),
            ], required: ["text"]),
            readOnly: false, idempotent: false, destructive: false),
        ToolDefinition(
            name: "create_task", title: "Create a task",
            description: "Create a task from explicit fields. Dates: \(dateHelp).",
            inputSchema: Schema.arguments([
                "title": Schema.string("The task's title.", minLength: 1),
                "notes": Schema.string("Free-form notes."),
                "due": Schema.nullableString("When it is due: \(dateHelp)."),
                "priority": priority,
                "estimate_minutes": Schema.integer("How long it takes, in minutes.", minimum: 0, maximum: 10_080),
                "energy": energy,
                "contexts": Schema.strings("Contexts such as \"errands\" or \"phone\" (without # or @)."),
                "kind": kind,
                "project": Schema.string("Project name (must exist)."),
                "list": Schema.string("List name (default Inbox)."),
                "parent": Schema.integer("Make it a subtask of this task id.", minimum: 1),
                "recurrence": Schema.recurrence,
                "defer_until": Schema.nullableString("Hide it until this day: YYYY-MM-DD or natural language (\"monday\")."),
            ], required: ["title"]),
            readOnly: false, idempotent: false, destructive: false),
        ToolDefinition(
            name: "list_tasks", title: "List tasks",
            description: "List tasks: open (default), today (due by the end of today, overdue included), overdue, "
                + "available (open, not deferred, not waiting), waiting, or all (done included); optionally by list, project or context.",
            inputSchema: Schema.arguments([
                "filter": Schema.oneOf(TaskQuery.Filter.allCases.map(\.rawValue), "Which tasks (default open)."),
                "list": Schema.string("Only this list."),
                "project": Schema.string("Only this project."),
                "context": Schema.string("Only tasks with this context (with or without # or @)."),
                "limit": Schema.integer("At most this many (default 50).", minimum: 1, maximum: 1000),
            ]),
            readOnly: true, idempotent: true, destructive: false),
        ToolDefinition(
            name: "complete_task", title: "Complete a task",
            description: "Mark a task done, by id or title. A recurring task gets its next occurrence, returned as next.",
            inputSchema: Schema.arguments(["id": taskID, "title": taskTitle]),
            readOnly: false, idempotent: false, destructive: true),
        ToolDefinition(
            name: "reschedule_task", title: "Reschedule a task",
            description: "Change a task's due date, by id or title. due: \(dateHelp), or null to clear it.",
            inputSchema: Schema.arguments(["id": taskID, "title": taskTitle, "due": Schema.nullableString("The new due date and time.")], required: ["due"]),
            readOnly: false, idempotent: true, destructive: true),
        ToolDefinition(
            name: "defer_task", title: "Defer a task",
            description: "Hide a task until a day (it leaves available lists and plans until then), by id or title.",
            inputSchema: Schema.arguments(["id": taskID, "title": taskTitle, "until": Schema.nullableString("The day it comes back: YYYY-MM-DD or natural language; null to undefer.")], required: ["until"]),
            readOnly: false, idempotent: true, destructive: true),
        ToolDefinition(
            name: "plan_day", title: "Plan the day",
            description: "An ordered plan within a budget of minutes: overdue and due today first, then by priority, preferring the given energy. "
                + "Each item has start and end times; the result also says what did not fit and why. Saves nothing.",
            inputSchema: Schema.arguments([
                "budget_minutes": Schema.integer("Minutes available.", minimum: 1, maximum: 1440),
                "energy": energy,
                "date": Schema.string("The day to plan (default today): YYYY-MM-DD or natural language."),
                "start": Schema.string("When the first item starts (default now, rounded up to 5 minutes): \(dateHelp)."),
                "default_estimate_minutes": Schema.integer("Minutes counted for a task with no estimate (default 30).", minimum: 1, maximum: 480),
            ], required: ["budget_minutes"]),
            readOnly: true, idempotent: true, destructive: false),
        ToolDefinition(
            name: "create_project", title: "Create a project",
            description: "Create a project that groups tasks toward one outcome.",
            inputSchema: Schema.arguments(["name": Schema.string("A name not used by another project.", minLength: 1), "notes": Schema.string("Notes.")], required: ["name"]),
            readOnly: false, idempotent: false, destructive: false),
        ToolDefinition(
            name: "list_projects", title: "List projects",
            description: "Projects with their open and done task counts and progress (0 to 1).",
            inputSchema: Schema.arguments([:]),
            readOnly: true, idempotent: true, destructive: false),
        ToolDefinition(
            name: "create_space", title: "Create a space",
            description: "Create a space for pages, optionally bound to a project.",
            inputSchema: Schema.arguments(["name": Schema.string("A name not used by another space.", minLength: 1), "project": Schema.string("Bind it to this project.")], required: ["name"]),
            readOnly: false, idempotent: false, destructive: false),
        ToolDefinition(
            name: "create_page", title: "Create a page",
            description: "Create a page with an optional Markdown body in a space (default Personal).",
            inputSchema: Schema.arguments([
                "title": Schema.string("The page title.", minLength: 1),
                "space": Schema.string("The space (default Personal)."),
                "body": Schema.string("Markdown body."),
                "labels": Schema.strings("Labels."),
            ], required: ["title"]),
            readOnly: false, idempotent: false, destructive: false),
        ToolDefinition(
            name: "append_to_page", title: "Append to a page",
            description: "Append Markdown to the end of a page, by page id or title.",
            inputSchema: Schema.arguments(["page": Schema.idOrTitle("The page id or title."), "markdown": Schema.string("What to append.", minLength: 1)], required: ["page", "markdown"]),
            readOnly: false, idempotent: false, destructive: false),
        ToolDefinition(
            name: "read_page", title: "Read a page",
            description: "A page's metadata and Markdown body, by id or title.",
            inputSchema: Schema.arguments(["page": Schema.idOrTitle("The page id or title.")], required: ["page"]),
            readOnly: true, idempotent: true, destructive: false),
        ToolDefinition(
            name: "list_pages", title: "List pages",
            description: "Pages, optionally only in a space, with a label, or whose title contains some text.",
            inputSchema: Schema.arguments(["space": Schema.string("Only this space."), "label": Schema.string("Only pages with this label."), "title": Schema.string("Only titles containing this text.")]),
            readOnly: true, idempotent: true, destructive: false),
        ToolDefinition(
            name: "link_page", title: "Link a page",
            description: "Link a page to a task (id or title) and/or a project (name).",
            inputSchema: Schema.arguments(["page": Schema.idOrTitle("The page id or title."), "task": Schema.idOrTitle("The task id or title."), "project": Schema.string("The project name.")], required: ["page"]),
            readOnly: false, idempotent: true, destructive: false),
        ToolDefinition(
            name: "search_pages", title: "Search pages",
            description: "Full-text search across page titles and bodies, best match first, with snippets ([matches] in brackets).",
            inputSchema: Schema.arguments(["query": Schema.string("Words to look for.", minLength: 1), "limit": Schema.integer("At most this many (default 10).", minimum: 1, maximum: 100)], required: ["query"]),
            readOnly: true, idempotent: true, destructive: false),
    ]
}
