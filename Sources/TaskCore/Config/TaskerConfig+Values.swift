extension TaskerConfig {
    /// What is wrong with `key`'s value (bad, or missing though required), or nil.
    public func problem(_ key: ConfigKey) -> Problem? {
        problems.first { $0.path == key.path && ($0.kind == .badValue || $0.kind == .missing) }
    }

    /// The line a reader that goes on without a bad key shows: the declaration's problem and what the
    /// reader does instead (`config.json: working_hours: expected HH:MM-HH:MM, …; using 09:00-18:00`).
    public func refusal(_ key: ConfigKey, instead: String) -> String? { problem(key).map { "config.json: \($0); \(instead)" } }

    /// The problems with the values of `section`'s keys (unknown keys are not among them), in order.
    public func problems(in section: ConfigSection) -> [Problem] {
        let paths = Set(section.keys.map(\.path))
        return problems.filter { paths.contains($0.path) && ($0.kind == .badValue || $0.kind == .missing) }
    }

    /// The keys config.json holds at its top level that no section declares.
    public var unknownTopLevelKeys: [Problem] { problems.filter { $0.kind == .unknownKey && !$0.path.contains(".") } }

    /// True when the file gives `key` a value (null counts as absent), whether or not it fits.
    public func gives(_ key: ConfigKey) -> Bool { Self.value(at: key.path, in: object).map { !$0.isNull } ?? false }

    /// `key`'s value when the file gives one that fits its declaration; nil when it is absent, null or
    /// bad (`problem(key)` then says why), or when its section is not a usable object.
    private func fitting(_ key: ConfigKey) -> JSONValue? {
        guard sectionsGiven.contains(key.parent), problem(key) == nil,
            let value = Self.value(at: key.path, in: object), !value.isNull
        else { return nil }
        return value
    }

    /// A `string` or `url` key's text as written; a `choice` key's word, trimmed and in lower case.
    public func string(_ key: ConfigKey) -> String? {
        guard let text = fitting(key)?.stringValue else { return nil }
        if case .choice = key.kind { return text.trimmingCharacters(in: .whitespaces).lowercased() }
        return text
    }

    /// An `integer` key's value.
    public func integer(_ key: ConfigKey) -> Int? { fitting(key)?.intValue }

    /// A `number` or `positive` key's value.
    public func number(_ key: ConfigKey) -> Double? { fitting(key)?.doubleValue }

    /// A `bool` key's value.
    public func bool(_ key: ConfigKey) -> Bool? { fitting(key)?.boolValue }

    /// An `argv` key's program and arguments.
    public func argv(_ key: ConfigKey) -> [String]? { fitting(key)?.arrayValue?.compactMap(\.stringValue) }

    /// An `hours` key's working hours.
    public func hours(_ key: ConfigKey) -> WorkingHours? { fitting(key)?.stringValue.flatMap(WorkingHours.init(text:)) }

    /// A `weekdays` key's days.
    public func weekdays(_ key: ConfigKey) -> Set<Weekday>? {
        (fitting(key)?.arrayValue?.compactMap { $0.stringValue.flatMap { Weekday(rawValue: $0.lowercased()) } }).map(Set.init)
    }

    /// True when a `section` key is given as an object that fits.
    public func section(_ key: ConfigKey) -> Bool { fitting(key)?.objectValue != nil }

    /// A `calendars` key's usable entries, or nil when it is absent or not a list. Unlike the other
    /// values, a list with a bad entry still gives its good ones (`problem(key)` names the bad ones).
    public func calendars(_ key: ConfigKey) -> [CalendarEntry]? {
        guard let items = Self.value(at: key.path, in: object)?.arrayValue else { return nil }
        return items.indices.compactMap { CalendarEntry(items[$0], index: $0) }
    }
}
