import Foundation

/// The one way into Tasker's data: tasks, lists, projects, stages, spaces and pages in one SQLite file.
///
/// Every door (REPL, MCP server, tool calls, tests) goes through this facade. It owns the SQLite
/// connection; one instance is used from one thread at a time (it is not Sendable). Several
/// processes may open the same file at once: WAL, a busy timeout and short write transactions
/// keep them from failing with "database is locked".
///
/// CONTRACT STUB: the signatures below are the agreed API; bodies are filled in by the engine issue.
public final class TaskStore {
    public let path: String
    /// The clock used for "now" (created/updated stamps, today, overdue, available).
    public let clock: @Sendable () -> Date
    /// The zone that decides where "today" starts and ends.
    public let timeZone: TimeZone

    /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
    /// - Throws: `TaskStoreError.notADatabase`, `.readOnly`, `.schemaTooNew` or `.persistence`;
    ///   a file that is not a database is never modified.
    public init(path: String, clock: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current) throws {
        self.path = path
        self.clock = clock
        self.timeZone = timeZone
    }

    /// Creates the default list "Inbox", the built-in workflow stages and the "Personal" space; idempotent.
    public func bootstrap() throws { throw TaskStoreError.notBootstrapped }

    // MARK: Tasks

    public func createTask(_ draft: TaskDraft) throws -> TaskItem { throw TaskStoreError.notBootstrapped }
    public func task(_ id: TaskID) throws -> TaskItem { throw TaskStoreError.taskNotFound(id) }
    public func updateTask(_ id: TaskID, _ update: TaskUpdate) throws -> TaskItem { throw TaskStoreError.taskNotFound(id) }
    /// Marks the task done. A recurring task keeps the completed row and gets its next occurrence,
    /// returned as `next`.
    public func completeTask(_ id: TaskID) throws -> (completed: TaskItem, next: TaskItem?) { throw TaskStoreError.taskNotFound(id) }
    public func reopenTask(_ id: TaskID) throws -> TaskItem { throw TaskStoreError.taskNotFound(id) }
    public func rescheduleTask(_ id: TaskID, due: Date?) throws -> TaskItem { throw TaskStoreError.taskNotFound(id) }
    public func deferTask(_ id: TaskID, until: LocalDate?) throws -> TaskItem { throw TaskStoreError.taskNotFound(id) }
    /// Deletes a task (used by the REPL's /undo of a capture).
    public func deleteTask(_ id: TaskID) throws { throw TaskStoreError.taskNotFound(id) }
    /// Tasks matching the query, ordered by due (nulls last), then priority (high first), then id.
    public func tasks(_ query: TaskQuery) throws -> [TaskItem] { [] }
    /// Children of a task, in id order.
    public func subtasks(of id: TaskID) throws -> [TaskItem] { [] }
    /// Finds tasks by title: exact (case-insensitive) first, then a unique substring. `openOnly` skips done tasks.
    public func findTasks(titled title: String, openOnly: Bool = true) throws -> TitleMatch<TaskItem> { .none }
    /// Distinct contexts of open tasks, most used first (for completion in the REPL).
    public func contexts() throws -> [String] { [] }

    // MARK: Lists, stages, projects

    public func lists() throws -> [TaskList] { [] }
    public func createList(name: String) throws -> TaskList { throw TaskStoreError.notBootstrapped }
    public func stages() throws -> [Stage] { [] }
    public func createProject(name: String, notes: String? = nil) throws -> Project { throw TaskStoreError.notBootstrapped }
    /// Projects by name with open/done counts.
    public func projects() throws -> [ProjectSummary] { [] }
    public func project(named name: String) throws -> Project? { nil }

    // MARK: Spaces and pages

    public func createSpace(name: String, project: String? = nil) throws -> Space { throw TaskStoreError.notBootstrapped }
    public func spaces() throws -> [Space] { [] }
    /// Creates a page in `space` (the "Personal" space when nil).
    public func createPage(title: String, space: String? = nil, body: String = "", labels: [String] = []) throws -> Page {
        throw TaskStoreError.notBootstrapped
    }
    public func page(_ id: PageID) throws -> Page { throw TaskStoreError.pageNotFound(id.description) }
    public func findPages(titled title: String) throws -> TitleMatch<Page> { .none }
    /// Appends Markdown to a page body, separated from what is there by a blank line.
    public func appendToPage(_ id: PageID, markdown: String) throws -> Page { throw TaskStoreError.pageNotFound(id.description) }
    /// Pages filtered by space name, label and title substring (all optional), by title.
    public func pages(space: String? = nil, label: String? = nil, titleContains: String? = nil) throws -> [Page] { [] }
    public func linkPage(_ page: PageID, toTask task: TaskID) throws -> Page { throw TaskStoreError.pageNotFound(page.description) }
    public func linkPage(_ page: PageID, toProject project: String) throws -> Page { throw TaskStoreError.pageNotFound(page.description) }
    /// Full-text search over page titles and bodies (FTS5), best first, with snippets.
    /// Query words are matched as prefixes and quoted, so user text can never be FTS syntax.
    public func searchPages(_ query: String, limit: Int = 10) throws -> [PageSearchHit] { [] }

    // MARK: Planning

    /// An ordered plan for the day within the budget; see `DayPlanner`.
    public func planDay(_ request: PlanRequest) throws -> DayPlan {
        DayPlan(items: [], totalMinutes: 0, budgetMinutes: request.budgetMinutes, leftovers: [])
    }
}
