import Foundation
import TaskCore
import TaskStore

/// One completed occurrence of a recurring series as sync carries it: when it was done, in which zone,
/// and the due it was meant for — what streaks need to give the same answer on every device.
///
/// On the wire the completions of a series travel in its one VTODO as `X-TASKER-COMPLETIONS`: one
/// property per completion zone, its `X-TASKER-ZONE` parameter the IANA zone, its value one TEXT
/// value of space-separated entries `COMPLETED[/DUE]` — the completion as a UTC DATE-TIME, then the
/// occurrence's due as a UTC DATE-TIME or a DATE (left out when it had none), e.g.
/// `X-TASKER-COMPLETIONS;X-TASKER-ZONE=Europe/Berlin:20261210T093000Z/20261210T080000Z 20261211T091500Z/20261211T080000Z`.
/// Spaces, not commas: Radicale (vobject) keeps only the first of comma-separated values of an X- property.
/// In `TaskFields` they are the sorted array `"completions"` of `{"at", "zone", "due"}` objects, merged by
/// set union (`union`); two completions of the same due within a second of each other are the same one.
struct SeriesCompletion: Hashable, Comparable {
    /// When it was done (whole seconds).
    var at: Date
    /// The IANA zone it was done in.
    var zone: String
    /// The occurrence's due in `TaskFields` form (`YYYY-MM-DD` or an ISO instant), nil when it had none.
    var due: String?

    static func < (a: Self, b: Self) -> Bool { (a.at, a.zone, a.due ?? "") < (b.at, b.zone, b.due ?? "") }

    /// Whether `other` is the same completion seen again: the same occurrence (due) done within a second
    /// (clients round differently).
    func matches(_ other: SeriesCompletion) -> Bool { due == other.due && abs(at.timeIntervalSince(other.at)) <= 1 }

    /// The completion a done occurrence row records; nil for an open one.
    init?(record t: TaskRecord, defaultZone: TimeZone) {
        guard t.status == .done, let at = t.completed else { return nil }
        self.init(at: at, zone: t.completedZone ?? defaultZone.identifier,
                  due: t.dueDay?.description ?? t.due.map(TaskFields.time))
    }

    init(at: Date, zone: String, due: String?) {
        self.at = Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
        self.zone = zone
        // One spelling per due (`TaskFields.time`), so the same occurrence compares equal from any source.
        self.due = due.map { $0.count == 10 ? $0 : TaskFields.instant($0).map(TaskFields.time) ?? $0 }
    }

    // MARK: fields

    var json: JSONValue {
        var o: [String: JSONValue] = ["at": .string(TaskFields.time(at)), "zone": .string(zone)]
        if let due { o["due"] = .string(due) }
        return .object(o)
    }

    init?(json: JSONValue) {
        guard let at = json["at"]?.stringValue.flatMap(TaskFields.instant), let zone = json["zone"]?.stringValue else { return nil }
        self.init(at: at, zone: zone, due: json["due"]?.stringValue)
    }

    /// The completions in `fields` (none when it has no `"completions"`).
    static func all(in fields: TaskFields) -> [SeriesCompletion] {
        fields["completions"]?.arrayValue?.compactMap(SeriesCompletion.init(json:)) ?? []
    }

    /// The `"completions"` value for a set: sorted, nil when empty.
    static func field(_ completions: [SeriesCompletion]) -> JSONValue? {
        completions.isEmpty ? nil : .array(completions.sorted().map(\.json))
    }

    /// Both lists as one, sorted: of completions that match, the earliest is kept — whichever side
    /// holds it — so every device and the server settle on the same one.
    /// In time order the latest kept completion of a due is the only one a later one can match, so
    /// each is compared once (n log n; comparing with every kept one took 6 s for 20,000).
    static func union(_ a: [SeriesCompletion], _ b: [SeriesCompletion]) -> [SeriesCompletion] {
        var out: [SeriesCompletion] = []
        var latest: [String?: Date] = [:]
        for c in (a + b).sorted() {
            if let kept = latest[c.due], c.at.timeIntervalSince(kept) <= 1 { continue }
            out.append(c)
            latest[c.due] = c.at
        }
        return out
    }

    /// Completions by due and second, to find the one a completion `matches` without comparing it
    /// with every other.
    struct Index {
        private struct Key: Hashable { var due: String?; var second: Int64 }
        private var positions: [Key: [Int]] = [:]

        /// `list` indexed by position.
        init(_ list: [SeriesCompletion]) {
            for (i, c) in list.enumerated() { add(i, c) }
        }

        private static func key(_ c: SeriesCompletion, _ offset: Int64 = 0) -> Key {
            Key(due: c.due, second: Int64(c.at.timeIntervalSince1970) + offset)
        }

        mutating func add(_ position: Int, _ c: SeriesCompletion) { positions[Self.key(c), default: []].append(position) }

        mutating func remove(_ position: Int, _ c: SeriesCompletion) { positions[Self.key(c)]?.removeAll { $0 == position } }

        /// The first position (lowest) whose completion `matches` `c`: the same due within a second.
        func first(matching c: SeriesCompletion) -> Int? {
            [-1, 0, 1].compactMap { positions[Self.key(c, $0)]?.min() }.min()
        }
    }

    // MARK: wire

    /// The `X-TASKER-COMPLETIONS` lines (without the name) for `completions`: one per zone.
    static func lines(_ completions: [SeriesCompletion]) -> [String] {
        Dictionary(grouping: completions, by: \.zone).sorted { $0.key < $1.key }.map { zone, list in
            ";X-TASKER-ZONE=" + zone + ":" + list.sorted().map { c in
                VTodoMapping.basicUTC(TaskFields.time(c.at)) + (c.due.map { "/" + ($0.count == 10 ? VTodoMapping.basic($0) : VTodoMapping.basicUTC($0)) } ?? "")
            }.joined(separator: " ")
        }
    }

    /// The completions one `X-TASKER-COMPLETIONS` property says; entries it cannot read are skipped.
    /// Read byte by byte, each entry once, with the dates worked out by arithmetic (100,000 entries
    /// are a 3.4 MB value).
    static func parse(_ value: String, zone: String?) -> [SeriesCompletion] {
        let zone = zone ?? "UTC"
        var value = value
        return value.withUTF8 { bytes in
            var out: [SeriesCompletion] = []
            var i = 0
            while i < bytes.count {
                while i < bytes.count, isSeparator(bytes[i]) { i += 1 }
                let start = i
                var slash: Int?
                while i < bytes.count, !isSeparator(bytes[i]) {
                    if bytes[i] == UInt8(ascii: "/"), slash == nil { slash = i }
                    i += 1
                }
                guard i > start, let at = instant(bytes, start, slash ?? i) else { continue }
                var due: String?
                if let slash {
                    let from = slash + 1
                    if i - from == 8, let day = day(bytes, from) {
                        due = day.description
                    } else {
                        due = instant(bytes, from, i).map(TaskFields.time)
                    }
                }
                out.append(SeriesCompletion(at: at, zone: zone, normalizedDue: due))
            }
            return out
        }
    }

    /// A completion whose due is already in `TaskFields` form (as `parse` makes it).
    private init(at: Date, zone: String, normalizedDue due: String?) {
        self.at = Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
        self.zone = zone
        self.due = due
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\t")
    }

    /// The number written by `count` digits at `from`; nil when one is not a digit.
    private static func number(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ count: Int) -> Int? {
        var v = 0
        for k in from..<(from + count) {
            let d = Int(b[k]) - 48
            guard (0...9).contains(d) else { return nil }
            v = v * 10 + d
        }
        return v
    }

    /// `20261210` at `from` → that day; nil for a day that does not exist.
    private static func day(_ b: UnsafeBufferPointer<UInt8>, _ from: Int) -> LocalDate? {
        guard from + 8 <= b.count, let y = number(b, from, 4), let m = number(b, from + 4, 2), let d = number(b, from + 6, 2),
              (1...12).contains(m), d >= 1, d <= LocalDate.daysIn(month: m, year: y) else { return nil }
        return LocalDate(year: y, month: m, day: d)
    }

    /// `20261210T093000Z` filling `from..<end` → that instant.
    private static func instant(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> Date? {
        guard end - from == 16, b[from + 8] == UInt8(ascii: "T"), b[from + 15] == UInt8(ascii: "Z"), let day = day(b, from),
              let h = number(b, from + 9, 2), let m = number(b, from + 11, 2), let s = number(b, from + 13, 2),
              h <= 23, m <= 59, s <= 59 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch * 86_400 + h * 3_600 + m * 60 + s))
    }
}
