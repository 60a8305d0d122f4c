import Foundation
import TaskCore

/// How a recurring VTODO from the server is read: what another client did to the series.
///
/// - `STATUS:COMPLETED` on a VTODO with an RRULE (Thunderbird, the `caldav` library's `complete()`)
///   completes the current occurrence, as tasks.org does: the completion (its COMPLETED time, else
///   LAST-MODIFIED, in this device's zone, for the due it had) joins `"completions"`, the status goes
///   back to open, the due steps on by the rule as a completion here would (its kind, COUNT less one),
///   and the defer is dropped; the last occurrence of a series with COUNT or UNTIL stays done.
/// - A DUE moved on to a later occurrence of the rule with no new completion beside it (a client that
///   advances the due itself, as tasks.org does) is one completion more, at LAST-MODIFIED, for the due
///   the base had.
/// Both step in the series' zone (its `"zone"`, the DUE's TZID; else this device's), so a 9:00 series
/// moved on across a DST change by a client that expands it there is still 9:00, one completion, not a
/// reschedule. Anything else is taken as it is. Reading the same completion twice adds nothing (`SeriesCompletion.union`).
struct SeriesReading {
    var timeZone: TimeZone
    var now: Date

    /// `remote` as Tasker takes it, given the fields of the last sync (`base`) and the text's modification time.
    func taken(_ remote: TaskFields, base: TaskFields?, modified: Date) -> TaskFields {
        guard let rule = remote["recurrence"].flatMap(RecurrenceRule.init(json:)) else { return remote }
        let series = SeriesReading(timeZone: remote["zone"]?.stringValue.flatMap(TimeZone.init(identifier:)) ?? timeZone, now: now)
        var f = remote
        var list = SeriesCompletion.all(in: remote)
        let when = modified == .distantPast ? now : modified
        if let status = remote["status"]?.stringValue, status.hasPrefix("done") {
            let at = TaskFields.instant(String(status.dropFirst(5))) ?? when
            list = SeriesCompletion.union(list, [SeriesCompletion(at: at, zone: timeZone.identifier, due: remote["due"]?.stringValue)])
            if let due = remote["due"]?.stringValue, let date = series.instant(due) {
                // By the rule's kind, COUNT and UNTIL, as a completion here (`RecurrenceRule.next`); the
                // last occurrence of a series that ends stays done.
                if let (nextDue, nextRule) = rule.next(after: date, dateOnly: due.count == 10, in: series.timeZone, completed: at) {
                    f["status"] = nil
                    f["due"] = .string(series.text(nextDue, like: due))
                    if nextRule != rule { f["recurrence"] = nextRule.json }
                    f["defer"] = nil
                }
            } else {
                f["status"] = nil
                f["defer"] = nil
            }
        } else if let base, base["recurrence"] != nil, let old = base["due"]?.stringValue, let due = remote["due"]?.stringValue,
                  due.count == old.count, due > old, series.isOccurrence(due, after: old, rule),
                  list.allSatisfy({ [index = SeriesCompletion.Index(SeriesCompletion.all(in: base))] in index.first(matching: $0) != nil }) {
            list = SeriesCompletion.union(list, [SeriesCompletion(at: when, zone: timeZone.identifier, due: old)])
        }
        f["completions"] = SeriesCompletion.field(list)
        return f
    }

    /// The due after `due` (a `YYYY-MM-DD` day or an ISO instant) by `rule`, later than `notBefore`, in the same form.
    func next(_ due: String, _ rule: RecurrenceRule, notBefore: Date) -> String {
        guard let date = instant(due) else { return due }
        return text(rule.nextOccurrence(after: date, in: timeZone, notBefore: max(notBefore, date)), like: due)
    }

    /// `date` in `due`'s form: a `YYYY-MM-DD` day (in this reading's zone) or an ISO instant.
    private func text(_ date: Date, like due: String) -> String {
        due.count == 10 ? LocalDate(date, in: timeZone).description : TaskFields.time(date)
    }

    /// Whether `due` is one of the rule's occurrences after `old` (at most a thousand steps on).
    private func isOccurrence(_ due: String, after old: String, _ rule: RecurrenceRule) -> Bool {
        var current = old
        for _ in 0..<1000 {
            current = next(current, rule, notBefore: .distantPast)
            if current == due { return true }
            if current > due { return false }
        }
        return false
    }

    private func instant(_ due: String) -> Date? {
        due.count == 10 ? LocalDate(iso: due)?.dateOnlyDue(in: timeZone) : TaskFields.instant(due)
    }
}
