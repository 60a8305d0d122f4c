import Foundation
import TaskCore

/// The one way into Tasker's data: tasks, lists, projects, stages, spaces and pages in one SQLite file.
///
/// Every door (REPL, MCP server, tool calls, tests) goes through this facade. It owns the SQLite
/// connection; one instance is used from one thread at a time (it is not Sendable). Several
/// processes may open the same file at once: WAL, a busy timeout and short write transactions
/// keep them from failing with "database is locked".
///
/// Storage conventions: instants are integer Unix seconds (UTC, sub-second parts dropped), defer
/// dates are `YYYY-MM-DD` text, every write runs in one `BEGIN IMMEDIATE` transaction with bound
/// parameters. "Today" means before the end of today in `timeZone`, overdue tasks included.
public final class TaskStore {
    public let path: String
    /// The clock used for "now" (created/updated stamps, today, overdue, available).
    public let clock: @Sendable () -> Date
    /// The zone that decides where "today" starts and ends.
    public let timeZone: TimeZone

    package let db: Database
    /// Seals and opens page bodies when sealing is on (`tasker crypto enable`); nil when the data key
    /// is not available, and then `keyUnavailable` says why (it ends the "…is not available: " messages).
    public var sealer: (any ValueSealing)? {
        didSet { sealedIndex = nil }
    }
    public var keyUnavailable = "no data key was given to this process"
    /// The TEMP full-text index of opened bodies, once a search built it (`SealedSearch`).
    var sealedIndex: SealedSearchIndex?

    /// The receipts key and anchor beside the database, the key once read, and whether a receipt was
    /// appended in the transaction under way (the anchor is moved after it commits).
    let receiptFiles: ReceiptKeyFiles
    var receiptKey: [UInt8]?
    var receiptAnchorDue = false

    /// Id of the default list once seen (it is never deleted), so writes need not look it up.
    var defaultListID: Int64?

    /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
    /// - Throws: `TaskStoreError.notADatabase`, `.readOnly`, `.schemaTooNew` or `.persistence`;
    ///   a file that is not a database is never modified.
    public init(path: String, clock: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current) throws {
        self.path = path
        self.clock = clock
        self.timeZone = timeZone
        receiptFiles = ReceiptKeyFiles(databasePath: path)
        try DatabaseFile.check(path: path)
        do {
            db = try Database(path: path)
            try DatabaseFile.prepare(db, path: path)
            // TEMP tables (the index of opened sealed bodies) stay in memory, never in a file on disk.
            try db.execute("PRAGMA temp_store = MEMORY")
        } catch let error as DatabaseError {
            throw error.storeError(path: path)
        }
    }

    /// Creates the default list "Inbox", the built-in workflow stages and the "Personal" space; idempotent.
    /// A stage missing from an older database (Someday) is added when it is opened again.
    /// Opening an already set-up file only reads (one query, no write lock): every command
    /// bootstraps, and a read-only one (`list_tasks`) should not queue behind a writer for nothing.
    public func bootstrap() throws {
        if try isBootstrapped() { return }
        try write {
            let now = DatabaseValue(clock())
            if try db.scalar("SELECT id FROM lists WHERE is_default = 1") == nil {
                try db.run("INSERT INTO lists(name, is_default, created) VALUES ('Inbox', 1, ?)", [now])
            }
            for (position, name) in TaskStore.builtInStages.enumerated() {
                try db.run(
                    "INSERT INTO stages(name, position, is_builtin) VALUES (?, ?, 1) ON CONFLICT(name) DO NOTHING",
                    [.text(name), .integer(Int64(position))])
            }
            try db.run(
                "INSERT INTO spaces(name, project_id, created, updated, uuid) VALUES ('Personal', NULL, ?, ?, ?) ON CONFLICT(name) DO NOTHING",
                [now, now, .text(TaskStore.newUUID())])
        }
    }

    /// Whether `bootstrap` would find nothing to add: the default list, every built-in stage (by
    /// name) and the "Personal" space exist, the same conditions its inserts check.
    func isBootstrapped() throws -> Bool {
        try db.scalar(TaskStore.bootstrappedQuery) == 1
    }

    private static let bootstrappedQuery: String = {
        var names = ""  // (a loop: the generic `joined` costs a process a conformance scan)
        for name in builtInStages { names += (names.isEmpty ? "'" : ", '") + name + "'" }
        return """
            SELECT EXISTS(SELECT 1 FROM lists WHERE is_default = 1)
               AND (SELECT count(*) FROM stages WHERE name IN (\(names))) = \(builtInStages.count)
               AND EXISTS(SELECT 1 FROM spaces WHERE name = 'Personal')
            """
    }()

    /// The workflow stages bootstrap creates, in board order. "Someday" came later: it is last so a
    /// database bootstrapped before it existed gets it at the same position as a new one.
    public static let builtInStages = ["Backlog", "Next", "Doing", "Waiting", "Done", "Someday"]

    /// The schema version this build creates and understands (`PRAGMA user_version`).
    public static var schemaVersion: Int { SchemaMigration.currentVersion }

    /// `KIND/` beside a database named `tasker.sqlite` (so `$XDG_DATA_HOME/tasker/KIND` for the
    /// default one), `NAME.KIND/` beside any other database file NAME: one folder per database, so
    /// two databases in one folder never share `objects`, `agents`, `exports` or `receipts`.
    public static func folder(_ kind: String, besideDatabase path: String) -> String {
        let (folder, name) = ObjectStore.plainSplit(path) ?? {
            let url = URL(fileURLWithPath: path)
            return (url.deletingLastPathComponent().path, url.lastPathComponent)
        }()
        return folder + "/" + (name == "tasker.sqlite" ? kind : name + "." + kind)
    }

    // MARK: Internal plumbing

    package var now: Date { clock() }

    /// Runs several store operations as one transaction (how `tasker call --batch` loads fast).
    ///
    /// Each operation inside still succeeds or fails on its own (a savepoint), but nothing is
    /// visible to other connections, or durable, until `body` returns. - Throws: what `body` throws,
    /// after rolling back everything it did.
    public func inOneTransaction<T>(_ body: () throws -> T) throws -> T {
        try write(body)
    }

    /// `inOneTransaction`, where with `savepoints: false` the operations inside take no savepoint
    /// of their own: one that fails half-way leaves what it wrote until the whole transaction rolls
    /// back. For a caller that checks `totalChanges` around each operation and starts over with
    /// savepoints when a failed one had written (`call --batch`): savepoints copy every page an
    /// operation touches, a quarter of a bulk load's work.
    public func inOneTransaction<T>(savepoints: Bool, _ body: () throws -> T) throws -> T {
        if savepoints { return try write(body) }
        return try write { try db.withoutSavepoints(body) }
    }

    /// How many rows all statements of this connection have inserted, changed or deleted so far.
    public var totalChanges: Int { db.totalChanges }

    /// Runs `body` in a write transaction, mapping SQLite failures to `TaskStoreError`.
    /// Once the outermost transaction has committed, a receipt appended in it moves the anchor.
    package func write<T>(_ body: () throws -> T) throws -> T {
        let result: T
        do {
            result = try mapErrors { try db.transaction(.immediate, body) }
        } catch {
            if !db.isInTransaction { receiptAnchorDue = false }
            throw error
        }
        if receiptAnchorDue && !db.isInTransaction { moveReceiptAnchor() }
        return result
    }

    /// Runs `body` in a read transaction (one consistent snapshot), mapping SQLite failures.
    package func read<T>(_ body: () throws -> T) throws -> T {
        try mapErrors { try db.transaction(.deferred, body) }
    }

    func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw error.storeError(path: path)
        }
    }

    /// The default list's id. - Throws: `.notBootstrapped` before `bootstrap()`.
    package func requireBootstrap() throws -> Int64 {
        if let defaultListID { return defaultListID }
        guard let id = try db.scalar("SELECT id FROM lists WHERE is_default = 1") else {
            throw TaskStoreError.notBootstrapped
        }
        defaultListID = id
        return id
    }

    /// The "Waiting" stage's id, or -1 when there is none (no task can be in it then).
    package func waitingStageID() throws -> Int64 {
        try db.scalar("SELECT id FROM stages WHERE name = 'Waiting'") ?? -1
    }

    /// The ids of the stages that keep a task out of `available` and plans: Waiting and Someday
    /// (-1 for one that is missing), bound to `(t.stage_id IS NULL OR t.stage_id NOT IN (?, ?))`.
    func parkedStageIDs() throws -> [DatabaseValue] {
        [.integer(try waitingStageID()), .integer(try db.scalar("SELECT id FROM stages WHERE name = 'Someday'") ?? -1)]
    }

    /// Folds a title for case-insensitive matching (Unicode-aware, unlike SQLite's NOCASE).
    static func titleKey(_ title: String) -> String {
        // ASCII folds to its lower case; the Unicode-aware folding is far slower (bulk imports).
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return title.lowercased() }
        return title.folding(options: [.caseInsensitive], locale: nil)
    }

    /// A trimmed non-empty name (of a list, project, space, template or place). - Throws: `.invalidValue`.
    static func validName(_ name: String, field: String) throws -> String {
        let n = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !n.isEmpty else { throw TaskStoreError.invalidValue(field: field, reason: "must not be empty") }
        // A name is an identifier (unique, case-insensitive in SQLite, which stops comparing at NUL):
        // control characters in one are refused rather than stored.
        if n.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw TaskStoreError.invalidValue(field: field, reason: "must not contain control characters (such as NUL, tab or escape)")
        }
        return n
    }

    /// The start of the day after `now`'s day in `timeZone`: the end of "today".
    func endOfToday() -> Date {
        endOfDay(LocalDate(now, in: timeZone))
    }

    func endOfDay(_ day: LocalDate) -> Date {
        day.adding(days: 1).startOfDay(in: timeZone)
    }
}
