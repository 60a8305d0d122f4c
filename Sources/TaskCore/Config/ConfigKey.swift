import Foundation

/// One key of config.json, declared once: where it sits, what it holds, its default and a help line.
/// Every key is declared in `ConfigKey+Declared.swift`; `tasker config check`, `tasker config show`,
/// docs/CONFIG.md and the readers' typed values are derived from these declarations.
public struct ConfigKey: Sendable {
    /// What a key holds; `problem(with:)` says in a few words what is wrong with a value.
    public enum Kind: Sendable {
        /// A non-empty string.
        case string
        /// An http or https address.
        case url
        /// One of a few words.
        case choice([String])
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// A number (seconds, usually) in the range.
        case number(ClosedRange<Double>)
        /// A number above 0 and at most this.
        case positive(atMost: Double)
        case bool
        /// A program and its arguments: a non-empty list of non-empty strings.
        case argv
        /// `HH:MM-HH:MM`.
        case hours
        /// A non-empty list of weekday names (`mon` … `sun`).
        case weekdays
        /// A list of `{"name", "ics"}` or `{"name", "url"}` objects.
        case calendars
        /// An object holding the keys whose path starts with this key's.
        case section
    }

    /// The dotted path, e.g. `sync.url`.
    public let path: String
    public let kind: Kind
    /// The default, as docs/CONFIG.md shows it (empty: none).
    public let defaultText: String
    public let help: String
    /// Must be given when its section is.
    public let required: Bool
    /// Leads to a secret (the program printing a key or password, the password's file): `config show`
    /// masks its value. Declared, not guessed from the name (`first_token_seconds` is no secret).
    public let secret: Bool

    public init(_ path: String, _ kind: Kind, default defaultText: String = "", required: Bool = false, secret: Bool = false,
                _ help: String) {
        self.path = path
        self.kind = kind
        self.defaultText = defaultText
        self.required = required
        self.secret = secret
        self.help = help
    }

    /// The key's own name (the last part of its path).
    public var name: String { path.split(separator: ".").last.map(String.init) ?? path }

    /// The section path it sits in (empty at the top level).
    public var parent: String {
        guard let dot = path.lastIndex(of: ".") else { return "" }
        return String(path[..<dot])
    }

    /// What is wrong with `value` for this key, or nil when it fits (null counts as absent).
    public func problem(with value: JSONValue) -> String? {
        if value.isNull { return nil }
        switch kind {
        case .string:
            guard let text = value.stringValue else { return "expected a string" }
            return text.trimmingCharacters(in: .whitespaces).isEmpty ? "expected a non-empty string" : nil
        case .url:
            guard let text = value.stringValue else { return "expected a string" }
            guard let url = URLComponents(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false
            else { return "expected an http(s) address, like \"https://example.org/…\"" }
            return nil
        case .choice(let words):
            guard let text = value.stringValue else { return "expected a string" }
            return words.contains(text.trimmingCharacters(in: .whitespaces).lowercased()) ? nil : "expected one of \(words.joined(separator: ", "))"
        case .integer(let range):
            guard let number = value.intValue else { return "expected a whole number" }
            return range.contains(number) ? nil : "expected \(range.lowerBound)–\(range.upperBound)"
        case .number(let range):
            guard let number = value.doubleValue else { return "expected a number" }
            if range.upperBound == .infinity { return number >= range.lowerBound ? nil : "expected \(Self.text(range.lowerBound)) or more" }
            return range.contains(number) ? nil : "expected \(Self.text(range.lowerBound))–\(Self.text(range.upperBound))"
        case .positive(let most):
            guard let number = value.doubleValue else { return "expected a number" }
            return number > 0 && number <= most ? nil : "expected more than 0 and at most \(Self.text(most))"
        case .bool:
            return value.boolValue == nil ? "expected true or false" : nil
        case .argv:
            guard let items = value.arrayValue, !items.isEmpty, items.allSatisfy({ $0.stringValue?.isEmpty == false })
            else { return "expected a program and its arguments, like [\"pass\", \"show\", \"x\"]" }
            return nil
        case .hours:
            guard let text = value.stringValue else { return "expected a string" }
            return WorkingHours(text: text) == nil ? "expected HH:MM-HH:MM, like \"09:00-18:00\"" : nil
        case .weekdays:
            guard let items = value.arrayValue, !items.isEmpty,
                items.allSatisfy({ $0.stringValue.flatMap { Weekday(rawValue: $0.lowercased()) } != nil })
            else { return "expected a list of days, like [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]" }
            return nil
        case .calendars:
            guard let items = value.arrayValue else { return "expected a list of {\"name\", \"ics\"} or {\"name\", \"url\"}" }
            let bad = items.indices.filter { TaskerConfig.CalendarEntry(items[$0], index: $0) == nil }.map { String($0 + 1) }
            if bad.isEmpty { return nil }
            return (bad.count == 1 ? "entry \(bad[0]) needs" : "entries \(bad.joined(separator: ", ")) need")
                + " a name and either \"ics\": a file or \"url\": an http(s) address"
        case .section:
            return value.objectValue == nil ? "expected an object" : nil
        }
    }

    /// The kind in a few words, for docs/CONFIG.md.
    public var kindText: String {
        switch kind {
        case .string: "string"
        case .url: "http(s) URL"
        case .choice(let words): words.joined(separator: " \\| ")
        case .integer(let range): "integer \(range.lowerBound)–\(range.upperBound)"
        case .number(let range) where range.upperBound == .infinity: "number ≥ \(Self.text(range.lowerBound))"
        case .number(let range): "number \(Self.text(range.lowerBound))–\(Self.text(range.upperBound))"
        case .positive(let most): "number > 0, ≤ \(Self.text(most))"
        case .bool: "true \\| false"
        case .argv: "list of strings (argv)"
        case .hours: "HH:MM-HH:MM"
        case .weekdays: "list of mon…sun"
        case .calendars: "list of {name, ics \\| url}"
        case .section: "object"
        }
    }

    private static func text(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
