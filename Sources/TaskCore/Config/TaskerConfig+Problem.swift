extension TaskerConfig {
    /// One thing config.json gets wrong: a key's value, a required key missing, a key nobody reads, or
    /// the file as a whole. Shown as `path: reason` (`sync.url: expected a string`).
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// Unreadable, not JSON, or not an object (`path` is `config.json`).
            case file
            case badValue
            /// A required key of a section that is given.
            case missing
            case unknownKey
        }

        public let kind: Kind
        /// The key's dotted path, or `config.json` for the file as a whole.
        public let path: String
        /// What is wrong, in a few words.
        public let reason: String

        public init(_ kind: Kind, path: String, reason: String) {
            self.kind = kind
            self.path = path
            self.reason = reason
        }

        public var description: String { "\(path): \(reason)" }
    }
}
