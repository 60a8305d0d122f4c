import Foundation
import TaskCore
import TaskHTTP

/// The person's calendars as the planner sees them: files read, subscriptions fetched (conditionally,
/// through the cache, offline from it), each read with libical into busy time.
///
/// Each calendar is loaded once per process. One that cannot be read is a problem line, and the
/// others still count.
public final class CalendarSet: CalendarProviding, @unchecked Sendable {
    public let sources: [CalendarSource]
    let cache: CalendarCache?
    let fetcher: (any CalendarFetching)?
    let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var loaded: [String: Result<Loaded, CalendarError>] = [:]
    private var parsedCalendars: [String: Result<ParsedCalendar, CalendarError>] = [:]
    private var spans: [Span: CalendarBusy] = [:]

    /// A calendar's text and where it came from.
    struct Loaded {
        var text: String
        /// When a subscription was last fetched (nil for a file).
        var fetched: Date?
        /// Set when the network failed and the cached copy was used.
        var offline: String?
    }

    public init(sources: [CalendarSource], cache: CalendarCache?, fetcher: (any CalendarFetching)?, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.sources = sources
        self.cache = cache
        self.fetcher = fetcher
        self.clock = clock
    }

    public var hasCalendars: Bool { !sources.isEmpty }

    public func busy(from start: Date, to end: Date, timeZone: TimeZone) -> CalendarBusy {
        // The calendars are read once per process, so a span's busy time is too (the chat and the
        // MCP server plan the same day again and again).
        let key = Span(start: start, end: end, zone: timeZone.identifier)
        lock.lock()
        if let known = spans[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        var result = CalendarBusy()
        // The span's days (UTC) widened by two either way, as `ICalendarReader.busy` widens them.
        let utc = TimeZone(identifier: "UTC") ?? timeZone
        let days = (LocalDate(start, in: utc).daysSinceEpoch - 2)...(LocalDate(end, in: utc).daysSinceEpoch + 2)
        for source in sources {
            do {
                result.events += ICalendarReader.busy(try parsed(source, days: days).get(), from: start, to: end, timeZone: timeZone)
            } catch {
                result.problems.append("calendar \(source.name) could not be read: \(error); planning without it")
            }
        }
        result.events.sort { $0.start != $1.start ? $0.start < $1.start : $0.end < $1.end }
        lock.lock()
        spans[key] = result
        lock.unlock()
        return result
    }

    /// A span asked for, as the key of its remembered busy time.
    struct Span: Hashable {
        var start: Date
        var end: Date
        var zone: String
    }

    /// Each calendar's state, for `tasker calendars`: the last fetch, the number of VEVENTs, or the problem.
    public func statuses() -> [CalendarStatus] {
        sources.map { source in
            switch load(source) {
            case .success(let loaded):
                switch parsed(source) {
                case .success(let calendar):
                    return CalendarStatus(source: source, fetched: loaded.fetched, eventCount: calendar.eventCount, offline: loaded.offline, problem: nil)
                case .failure(let error):
                    return CalendarStatus(source: source, fetched: loaded.fetched, eventCount: nil, offline: loaded.offline, problem: "\(error)")
                }
            case .failure(let error):
                return CalendarStatus(source: source, fetched: nil, eventCount: nil, offline: nil, problem: error.description)
            }
        }
    }

    /// The calendar parsed by libical, once per process; with `days`, only the events that may touch
    /// those days (`ICalendarPrefilter`: most of a long calendar never reaches libical's slow parser).
    func parsed(_ source: CalendarSource, days: ClosedRange<Int>? = nil) -> Result<ParsedCalendar, CalendarError> {
        let loaded = load(source)
        let key = days.map { "\(source.address)#\($0.lowerBound)...\($0.upperBound)" } ?? source.address
        lock.lock()
        if let done = parsedCalendars[key] {
            lock.unlock()
            return done
        }
        lock.unlock()
        let result = loaded.flatMap { loaded in
            let text = days.map { ICalendarPrefilter.keeping(days: $0.lowerBound, $0.upperBound, of: loaded.text) } ?? loaded.text
            return Result { try ICalendarReader.parse(text, calendar: source.name) }.mapError { $0 as? CalendarError ?? .notICalendar(source: source.name) }
        }
        lock.lock()
        parsedCalendars[key] = result
        lock.unlock()
        return result
    }

    func load(_ source: CalendarSource) -> Result<Loaded, CalendarError> {
        lock.lock()
        defer { lock.unlock() }
        if let done = loaded[source.address] { return done }
        let result: Result<Loaded, CalendarError>
        switch source.location {
        case .file(let path): result = Self.read(path)
        case .url(let url): result = fetch(url)
        }
        loaded[source.address] = result
        return result
    }

    static func read(_ path: String) -> Result<Loaded, CalendarError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(.unreadable(path: path, detail: "no such file"))
        }
        // Judged by its size before a byte is read (the text is checked again, line by line, when parsed).
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > ICalendarLimits.textBytes {
            return .failure(.tooLarge(source: path, line: nil, bytes: size, limit: ICalendarLimits.textBytes))
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            return .failure(.unreadable(path: path, detail: isDirectory.boolValue ? "a folder" : "permission denied"))
        }
        return .success(Loaded(text: String(decoding: data, as: UTF8.self), fetched: nil, offline: nil))
    }

    /// A conditional GET: 200 replaces the cache, 304 keeps it; a failure falls back on it.
    func fetch(_ url: String) -> Result<Loaded, CalendarError> {
        let cached = cache?.load(url)
        var headers: [String] = []
        if let etag = cached?.entry.etag { headers.append("If-None-Match: \(etag)") }
        if let modified = cached?.entry.lastModified { headers.append("If-Modified-Since: \(modified)") }
        func offline(_ why: String) -> Result<Loaded, CalendarError>? {
            cached.map { .success(Loaded(text: String(decoding: $0.body, as: UTF8.self), fetched: $0.entry.fetched, offline: why)) }
        }
        guard let fetcher else {
            return offline("not fetched") ?? .failure(.fetchFailed(url: url, detail: "no HTTP client"))
        }
        let response: HTTPResponse
        do {
            response = try fetcher.get(url, headers: headers)
        } catch {
            return offline("\(error)") ?? .failure(.fetchFailed(url: url, detail: "\(error)"))
        }
        let now = clock()
        switch response.status {
        case 304:
            guard let cached else { return .failure(.httpStatus(url: url, status: 304)) }
            var entry = cached.entry
            entry.fetched = now
            cache?.store(url, entry: entry, body: nil)
            return .success(Loaded(text: String(decoding: cached.body, as: UTF8.self), fetched: now, offline: nil))
        case 200..<300:
            let entry = CalendarCache.Entry(etag: response.headers["etag"], lastModified: response.headers["last-modified"], fetched: now)
            cache?.store(url, entry: entry, body: response.body)
            return .success(Loaded(text: String(decoding: response.body, as: UTF8.self), fetched: now, offline: nil))
        default:
            return offline("HTTP \(response.status)") ?? .failure(.httpStatus(url: url, status: response.status))
        }
    }
}
