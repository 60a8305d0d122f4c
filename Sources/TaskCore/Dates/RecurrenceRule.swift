/// How a task repeats: every `interval` days, weeks, months or years, optionally on given weekdays.
///
/// `weekdays` is empty for plain daily, weekly, monthly and yearly rules and sorted Monday first otherwise.
public struct RecurrenceRule: Sendable, Hashable {
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        case daily, weekly, monthly, yearly
    }

    public var frequency: Frequency
    public var interval: Int
    public var weekdays: [Weekday]

    public init(frequency: Frequency, interval: Int = 1, weekdays: [Weekday] = []) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.weekdays = Array(Set(weekdays)).sorted()
    }
}

extension RecurrenceRule {
    /// `{"frequency": "weekly", "interval": 1, "weekdays": ["mon", …]}`, the wire form of every door.
    public var json: JSONValue {
        .object([
            "frequency": .string(frequency.rawValue),
            "interval": .int(interval),
            "weekdays": .array(weekdays.map { .string($0.rawValue) }),
        ])
    }

    /// Reads the wire form; nil when it is not a valid rule.
    public init?(json: JSONValue) {
        guard let f = json["frequency"]?.stringValue, let frequency = Frequency(rawValue: f) else { return nil }
        var interval = 1
        if let i = json["interval"], !i.isNull {
            guard let n = i.intValue, n >= 1 else { return nil }
            interval = n
        }
        var days: [Weekday] = []
        if let w = json["weekdays"], !w.isNull {
            guard let list = w.arrayValue else { return nil }
            for item in list {
                guard let s = item.stringValue, let d = Weekday(rawValue: s.lowercased()) else { return nil }
                days.append(d)
            }
        }
        self.init(frequency: frequency, interval: interval, weekdays: days)
    }
}
