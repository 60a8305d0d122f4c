import Foundation
import TaskCore

extension TaskToolkit {
    /// Reads a day that starts a period looking back (`--since`, `--from`, `done since`): a weekday
    /// means the last one (`monday` on a Wednesday is two days ago, on a Monday today), `last monday`
    /// the one before today; `yesterday`, `N days ago`, `YYYY-MM-DD` and the grammar's phrases as
    /// `day(_:argument:tool:)` reads them.
    /// - Throws: `invalidArguments` as `date(_:argument:tool:)` does.
    public func pastDay(_ text: String?, argument key: String, tool: String) throws -> LocalDate? {
        guard let text else { return nil }
        return try lookingBack(text) ?? day(Self.words(text).joined(separator: " "), argument: key, tool: tool)
    }

    /// Reads the start of a period looking back as an instant (`receipts --since`): an ISO 8601
    /// date-time as is, the forms `pastDay` reads at the start of their day, else a phrase as
    /// `date(_:argument:tool:)` reads it.
    public func pastInstant(_ text: String?, argument key: String, tool: String) throws -> Date? {
        guard let text else { return nil }
        if let exact = ISODate.parse(text, in: timeZone) { return exact }
        if let day = lookingBack(text) { return day.startOfDay(in: timeZone) }
        return try date(Self.words(text).joined(separator: " "), argument: key, tool: tool)
    }

    /// The words of a period's start, lower-cased, without a leading `since`/`from`.
    static func words(_ text: String) -> [String] {
        var words = text.lowercased().split(separator: " ").map(String.init)
        if words.first == "since" || words.first == "from" { words.removeFirst() }
        return words
    }

    /// The day a looking-back form names (a weekday, `last WEEKDAY`, `N days ago`, `last week`, `this
    /// week`), or nil for any other text.
    func lookingBack(_ text: String) -> LocalDate? {
        let today = LocalDate(now, in: timeZone)
        var words = Self.words(text)
        let last = words.first == "last"
        if last { words.removeFirst() }
        if words.count == 1, let weekday = Self.weekday(words[0]) {
            let back = (today.weekday.isoNumber - weekday.isoNumber + 7) % 7
            return today.adding(days: back == 0 && last ? -7 : -back)
        }
        if !last, words.count == 3, let count = Int(words[0]), count >= 0, ["day", "days"].contains(words[1]), words[2] == "ago" {
            return today.adding(days: -count)
        }
        if last, words == ["week"] { return today.mondayOfWeek.adding(days: -7) }
        if !last, words == ["this", "week"] { return today.mondayOfWeek }
        if words == ["yesterday"] && !last { return today.adding(days: -1) }
        if words == ["today"] && !last { return today }
        return nil
    }

    /// A weekday's name, full or short (`monday`, `mon`, `tues`).
    static func weekday(_ word: String) -> Weekday? {
        Weekday.allCases.first { day in
            let names = ["mon": ["monday", "mon"], "tue": ["tuesday", "tue", "tues"], "wed": ["wednesday", "wed"],
                         "thu": ["thursday", "thu", "thur", "thurs"], "fri": ["friday", "fri"], "sat": ["saturday", "sat"],
                         "sun": ["sunday", "sun"]]
            return names[day.rawValue]?.contains(word) ?? false
        }
    }

    /// The instants of a completion period (`done` of list_tasks): `today`, `yesterday`, `this week`,
    /// `last week`, or `since DAY` / `DAY` (read by `pastDay`) up to now. Done tasks only, whatever
    /// the filter says.
    /// - Throws: `invalidArguments` when the period is not one of these.
    public func donePeriod(_ text: String, tool: String) throws -> (from: Date, before: Date?) {
        let today = LocalDate(now, in: timeZone)
        let words = text.lowercased().split(separator: " ").joined(separator: " ")
        switch words {
        case "today": return (today.startOfDay(in: timeZone), nil)
        case "yesterday": return (today.adding(days: -1).startOfDay(in: timeZone), today.startOfDay(in: timeZone))
        case "this week": return (today.mondayOfWeek.startOfDay(in: timeZone), nil)
        case "last week": return (today.mondayOfWeek.adding(days: -7).startOfDay(in: timeZone), today.mondayOfWeek.startOfDay(in: timeZone))
        default:
            do {
                guard let first = try pastDay(words, argument: "done", tool: tool), first <= today else { throw ToolkitError.invalidArguments(tool: tool, message: "") }
                return (first.startOfDay(in: timeZone), nil)
            } catch {
                throw ToolkitError.invalidArguments(
                    tool: tool, message: "could not read done '\(text)' as a period; use today, yesterday, this week, last week, or since a day (since monday, since 2026-12-01)")
            }
        }
    }
}
