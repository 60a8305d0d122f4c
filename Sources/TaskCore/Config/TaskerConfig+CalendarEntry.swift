extension TaskerConfig {
    /// One entry of `calendars`: a file or an http(s) address, with the name busy time is shown under.
    public struct CalendarEntry: Sendable, Equatable {
        public enum Location: Sendable, Equatable {
            /// As written (`~` and relative paths are the reader's to expand).
            case file(String)
            case url(String)
        }

        public let name: String
        public let location: Location

        public init(name: String, location: Location) {
            self.name = name
            self.location = location
        }

        /// The entry at `index` (0-based) of the list, or nil when it is neither `{"ics": …}` nor
        /// `{"url": "http(s)://…"}`; without a name it is "calendar N".
        init?(_ entry: JSONValue, index: Int) {
            guard entry.objectValue != nil else { return nil }
            if let file = entry["ics"]?.stringValue, entry["url"] == nil {
                location = .file(file)
            } else if let url = entry["url"]?.stringValue, entry["ics"] == nil, url.hasPrefix("http://") || url.hasPrefix("https://") {
                location = .url(url)
            } else {
                return nil
            }
            name = entry["name"]?.stringValue ?? "calendar \(index + 1)"
        }
    }
}
