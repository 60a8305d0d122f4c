import TaskCore
/// Everything the store can fail with, each with a message a person can act on.
public enum TaskStoreError: Error, Sendable, Equatable, CustomStringConvertible, ExitCodeError {
    /// The database has no default list yet: `bootstrap()` was not run.
    case notBootstrapped
    case listNotFound(String)
    case projectNotFound(String)
    case placeNotFound(String)
    case spaceNotFound(String)
    case pageNotFound(String)
    case taskNotFound(TaskID)
    case stageNotFound(String)
    case templateNotFound(String)
    case agentNotFound(String)
    /// Making a task a subtask of another would make it its own ancestor: the loop it would close,
    /// from the task through its would-be parents back to itself ([3, 5, 3]: #3 → #5 → #3).
    case cyclicParent(loop: [TaskID])
    case duplicateName(kind: String, name: String)
    case invalidValue(field: String, reason: String)
    case importMalformed(String)
    /// A file could not be copied into the object store: no such file, not a regular file, over
    /// the size limit, a read or write error (`reason` says which).
    case attachmentIngestFailed(path: String, reason: String)
    case attachmentNotFound(AttachmentID)
    /// An object's bytes cannot be read back (missing, damaged, unreadable).
    case objectUnreadable(sha256: String, reason: String)
    /// The file exists but is not a SQLite database, or not a regular file (left untouched).
    case notADatabase(path: String, reason: String)
    /// A SQLite database that is not Tasker's (left untouched).
    case notTasker(path: String, reason: String)
    /// `path` is a symbolic link to `target`, which does not exist.
    case danglingLink(path: String, target: String)
    /// The database or its folder cannot be written.
    case readOnly(path: String)
    /// A schema newer than this build understands.
    case schemaTooNew(found: Int, supported: Int)
    /// A sealed value is needed (to show or to write) and the data key is not available, or it does not
    /// open: the whole sentence, e.g. "this page is sealed and the data key is not available: …".
    case sealed(String)
    /// The receipts key or anchor beside the database cannot be used: the whole sentence.
    case receiptKey(String)
    /// SQLite failed: its result code, its message and the SQL (bound values are never included).
    case persistence(code: Int32, message: String, sql: String?)

    /// What a person can do about a SQLite result code (primary code in the low byte).
    static func hint(forSQLiteCode code: Int32) -> String {
        switch code & 0xFF {
        case 5, 6: return "; another program kept the database busy for 30 s — try again, or close the other tasker"
        case 13: return "; the disk is full — free some space and try again"
        case 11, 26: return "; the file is damaged — restore a backup or pass another file with --db"
        case 8: return "; the database is read-only — check the file's permissions or pass another file with --db"
        default: return ""
        }
    }

    /// A database that cannot be used: a failure.
    public var exitCode: Int32 { 1 }

    public var description: String {
        switch self {
        case .notBootstrapped:
            return "the database is not set up yet; open it with TaskStore.bootstrap() (the tasker command does this for you)"
        case .listNotFound(let name): return "no list named '\(name)'; check the name with list_tasks or create the list first"
        case .projectNotFound(let name): return "no project named '\(name)'; create it with create_project or check list_projects"
        case .placeNotFound(let name):
            return "no place named '\(name)'; create it with create_place (name, latitude, longitude, radius_m) or check list_places"
        case .spaceNotFound(let name): return "no space named '\(name)'; create it with create_space"
        case .pageNotFound(let name): return "no page matching '\(name)'; check list_pages"
        case .taskNotFound(let id): return "no task with id \(id); check list_tasks for the right id"
        case .stageNotFound(let name): return "no workflow stage named '\(name)'"
        case .templateNotFound(let name): return "no template named '\(name)'; check list_templates"
        case .agentNotFound(let name): return "no agent named '\(name)'; see `tasker agent list`"
        case .cyclicParent(let loop):
            let path = loop.map { "#\($0)" }.joined(separator: " → ")
            let (child, parent) = (loop.first.map { "#\($0)" } ?? "?", loop.dropFirst().first.map { "#\($0)" } ?? "?")
            return "task \(child) cannot be a subtask of \(parent): that would make a loop \(path)"
        case .duplicateName(let kind, let name): return "\(kind.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(kind) named '\(name)' already exists; pick another name"
        case .invalidValue(let field, let reason): return "invalid \(field): \(reason)"
        case .importMalformed(let what): return "the import is malformed: \(what)"
        case .attachmentIngestFailed(let path, let reason): return "cannot attach \(path): \(reason)"
        case .attachmentNotFound(let id): return "no attachment with id \(id); check list_attachments for the right id"
        case .objectUnreadable(let sha256, let reason):
            return sha256.isEmpty ? "the attachment store cannot be used: \(reason)"
                : "the stored bytes of \(sha256.prefix(12))… cannot be read: \(reason); run `tasker verify`"
        case .notADatabase(let path, let reason):
            return "\(path) is not a Tasker database (\(reason)); it was left untouched — pass another file with --db"
        case .notTasker(let path, let reason):
            return "\(path) is a SQLite database but not Tasker's (\(reason)); it was left untouched — pass another file with --db"
        case .danglingLink(let path, let target):
            return "\(path) is a symbolic link to \(target), which does not exist; create the target folder or fix the link, or pass another file with --db"
        case .readOnly(let path): return "\(path) cannot be written (read-only file or folder); fix its permissions or pass another file with --db"
        case .schemaTooNew(let found, let supported):
            return "the database uses schema version \(found) but this tasker understands up to \(supported); upgrade tasker"
        case .sealed(let sentence): return sentence
        case .receiptKey(let sentence): return sentence
        case .persistence(let code, let message, let sql):
            // One line: the statement's words with its line breaks and indentation folded.
            let where_ = sql.map { " while running: " + $0.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(120) } ?? ""
            return "database error \(code): \(message)\(where_)" + TaskStoreError.hint(forSQLiteCode: code)
        }
    }
}
