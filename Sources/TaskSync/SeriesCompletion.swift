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
    static func union(_ a: [SeriesCompletion], _ b: [SeriesCompletion]) -> [SeriesCompletion] {
        var out: [SeriesCompletion] = []
        for c in (a + b).sorted() where !out.contains(where: { $0.matches(c) }) { out.append(c) }
        return out
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
    static func parse(_ value: String, zone: String?) -> [SeriesCompletion] {
        let zone = zone ?? "UTC"
        return value.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { entry in
            let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: "/", maxSplits: 1).map(String.init)
            guard let at = parts.first.flatMap(instant) else { return nil }
            var due: String?
            if parts.count == 2 {
                if parts[1].count == 8, let day = LocalDate(basic: parts[1]) { due = day.description } else { due = instant(parts[1]).map(TaskFields.time) }
            }
            return SeriesCompletion(at: at, zone: zone, due: due)
        }
    }

    /// `20261210T093000Z` → that instant.
    private static func instant(_ text: String) -> Date? {
        let t = Array(text)
        guard t.count == 16, t[8] == "T", t[15] == "Z", let day = LocalDate(basic: String(t[0..<8])),
              let h = Int(String(t[9..<11])), let m = Int(String(t[11..<13])), let s = Int(String(t[13..<15])) else { return nil }
        return TaskFields.instant("\(day.description)T\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s)Z")
    }
}
