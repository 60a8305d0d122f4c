import Foundation

/// One calendar from config: a name and where its iCalendar text lives.
public struct CalendarSource: Sendable, Hashable {
    public enum Location: Sendable, Hashable {
        /// A local `.ics` file (an absolute path; `~` already expanded).
        case file(String)
        /// A subscription URL (http or https), fetched and cached.
        case url(String)
    }

    public var name: String
    public var location: Location

    public init(name: String, location: Location) {
        self.name = name
        self.location = location
    }

    /// The path or the URL, for messages.
    public var address: String {
        switch location {
        case .file(let path): path
        case .url(let url): url
        }
    }
}
