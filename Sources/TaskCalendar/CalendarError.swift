import Foundation

/// Why a calendar could not be read or fetched; one line each, saying what to do.
public enum CalendarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is missing or unreadable.
    case unreadable(path: String, detail: String)
    /// The text is not an iCalendar file libical can parse.
    case notICalendar(source: String)
    /// A URL calendar could not be fetched and there is no cached copy.
    case fetchFailed(url: String, detail: String)
    /// The server answered with an HTTP error and there is no cached copy.
    case httpStatus(url: String, status: Int)
    /// What the HTTP client reported when nothing came back ("Couldn't connect to server").
    case transport(detail: String)
    /// The text, or one content line of it (unfolded), is over `ICalendarLimits`: nothing was read.
    case tooLarge(source: String, line: Int?, bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .unreadable(let path, let detail):
            "cannot read \(path) (\(detail)); check the path in config.json's calendars"
        case .notICalendar(let source):
            "\(source) is not an iCalendar (.ics) file; export the calendar again as .ics"
        case .fetchFailed(let url, let detail):
            "cannot fetch \(url) (\(detail)) and nothing is cached; check the URL or the network"
        case .httpStatus(let url, let status):
            "\(url) answered HTTP \(status) and nothing is cached; check the calendar's URL"
        case .transport(let detail):
            detail
        case .tooLarge(let source, let line, let bytes, let limit):
            if let line {
                "\(source) line \(line): one property runs \(Self.grouped(bytes)) bytes (unfolded), over the \(limit >> 20) MiB an iCalendar line may have; nothing was read from it"
            } else {
                "\(source) is \(Self.grouped(bytes)) bytes, over the \(limit >> 20) MiB an iCalendar file may have; nothing was read from it"
            }
        }
    }

    private static func grouped(_ n: Int) -> String { n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
}
