/// Why a sync could not run or finish, each one line saying what to do. Never carries a password.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer at all (connection refused, timeout).
    case unreachable(url: String, detail: String)
    /// 401 or 403 where a login is needed.
    case unauthorized(url: String, status: Int)
    /// Any other status that stops the sync.
    case http(method: String, url: String, status: Int)
    /// A 207 body that was not the XML asked for.
    case malformedAnswer(url: String, detail: String)
    /// Discovery found no calendar that holds tasks.
    case noTaskCalendar(url: String)
    /// The `sync` section of config.json is unusable, or the password could not be read.
    case config(problem: String)
    /// The local database failed.
    case store(detail: String)

    public var description: String {
        switch self {
        case .unreachable(let url, let detail):
            return "the CalDAV server at \(url) is not reachable (\(detail)); check `sync.url` in config.json and that the server is running"
        case .unauthorized(let url, let status):
            return "the CalDAV server at \(url) refused the login (HTTP \(status)); check `sync.username` and the password"
        case .http(let method, let url, let status):
            return "the CalDAV server answered \(method) \(url) with HTTP \(status); try again later"
        case .malformedAnswer(let url, let detail):
            return "the CalDAV server's answer from \(url) could not be read (\(detail)); is `sync.url` a CalDAV address?"
        case .noTaskCalendar(let url):
            return "no calendar that holds tasks (VTODO) was found under \(url); set `sync.url` to a task list's address"
        case .config(let problem):
            return problem
        case .store(let detail):
            return "the local database failed during sync (\(detail)); nothing was lost, run `tasker sync` again"
        }
    }
}
