import Foundation
import TaskCore
internal import CICal

/// Reads iCalendar text with libical into busy events, and VTODOs into plain values for sync: the
/// only code in Tasker that parses with libical.
///
/// Each VEVENT is expanded over the span asked for (RRULE, RDATE, EXDATE by libical), then:
/// - an override (a VEVENT with RECURRENCE-ID) replaces the instance it names: libical still yields
///   that instance from the master, so it is taken out here;
/// - TZID resolves to the file's VTIMEZONE, else libical's built-in zone of that name; a TZID neither
///   knows, and a floating time, are wall-clock times in the planning zone;
/// - an all-day event (DATE values) is every local day it covers in the planning zone;
/// - TRANSP:TRANSPARENT and STATUS:CANCELLED events are not busy;
/// - the same instance yielded twice (by RRULE and RDATE) counts once.
public enum ICalendarReader {
    /// libical keeps process-wide state (its time zone cache, `icalerrno`): one reader at a time.
    private static let lock = NSLock()

    /// A file's events overlapping `[start, end)`, placed in `timeZone`.
    /// - Throws: `CalendarError.notICalendar` when the text is not iCalendar.
    public static func busy(_ text: String, calendar: String, from start: Date, to end: Date, timeZone: TimeZone) throws -> [BusyEvent] {
        busy(try parse(text, calendar: calendar), from: start, to: end, timeZone: timeZone)
    }

    /// Parses iCalendar text once, for `busy(_:from:to:timeZone:)` to expand as often as needed.
    /// - Throws: `CalendarError.notICalendar` when the text is not iCalendar; `.tooLarge` over `ICalendarLimits`.
    public static func parse(_ text: String, calendar: String) throws -> ParsedCalendar {
        try ICalendarLimits.check(text, source: calendar)
        lock.lock()
        defer { lock.unlock() }
        guard let root = parse(text) else { throw CalendarError.notICalendar(source: calendar) }
        let events = events(in: root)
        for event in events { boundCount(event) }
        return ParsedCalendar(name: calendar, root: root, events: events)
    }

    /// libical walks a rule with COUNT from DTSTART on, every instance (it starts a walk part-way
    /// only for rules without COUNT), and each step of its ICU-based iterator is costly. Where the
    /// last instance is plain arithmetic — DAILY or WEEKLY with no BY parts — the COUNT becomes the
    /// equivalent UNTIL (the last instance's own start, in DTSTART's zone), so expansion begins at
    /// the span asked for. The same instances either way; only the parsed copy in memory changes.
    private static func boundCount(_ event: OpaquePointer) {
        guard let property = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY),
            icalcomponent_get_next_property(event, ICAL_RRULE_PROPERTY) == nil
        else { return }
        var rule = icalproperty_get_rrule(property)
        guard rule.count > 0, rule.rscale == nil, rule.freq == ICAL_DAILY_RECURRENCE || rule.freq == ICAL_WEEKLY_RECURRENCE else { return }
        let none = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        guard rule.by_second.0 == none, rule.by_minute.0 == none, rule.by_hour.0 == none, rule.by_day.0 == none,
            rule.by_month_day.0 == none, rule.by_year_day.0 == none, rule.by_week_no.0 == none, rule.by_month.0 == none,
            rule.by_set_pos.0 == none
        else { return }
        var until = icalcomponent_get_dtstart(event)
        guard icaltime_is_null_time(until) == 0 else { return }
        let days = (Int(rule.count) - 1) * Int(max(rule.interval, 1)) * (rule.freq == ICAL_WEEKLY_RECURRENCE ? 7 : 1)
        guard days < 400_000 else { return }
        icaltime_adjust(&until, Int32(days), 0, 0, 0)
        rule.count = 0
        rule.until = until
        icalproperty_set_rrule(property, rule)
    }

    /// A parsed calendar's events overlapping `[start, end)`, placed in `timeZone`.
    public static func busy(_ parsed: ParsedCalendar, from start: Date, to end: Date, timeZone: TimeZone) -> [BusyEvent] {
        lock.lock()
        defer { lock.unlock() }
        let collector = Collector(calendar: parsed.name, zone: timeZone)
        // Floating and all-day times are read as UTC by libical: widen the span by a day each way,
        // then keep what overlaps once placed in the planning zone.
        let utc = icaltimezone_get_utc_timezone()
        let from = icaltime_from_timet_with_zone(time_t(start.timeIntervalSince1970) - 86_400, 0, utc)
        let to = icaltime_from_timet_with_zone(time_t(end.timeIntervalSince1970) + 86_400, 0, utc)
        let context = Unmanaged.passUnretained(collector).toOpaque()
        var overrides: Set<Instance> = []
        // Wall-clock days either side cover every zone's offset (at most 14 h) and the widening above.
        let firstDay = LocalDate(start, in: collector.utc).daysSinceEpoch - 2
        let lastDay = LocalDate(end, in: collector.utc).daysSinceEpoch + 2
        for event in parsed.events {
            if let instance = overriddenInstance(event) { overrides.insert(instance) }
            if isNotBusy(event) || isOutside(event, firstDay: firstDay, lastDay: lastDay) { continue }
            collector.begin(event)
            icalcomponent_foreach_recurrence(event, from, to, { component, span, context in
                guard let span, let context else { return }
                Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().add(span.pointee, component: component)
            }, context)
        }
        return collector.finish(removing: overrides, from: start, to: end)
    }

    /// The number of VEVENT components in the text (overrides included).
    /// - Throws: `CalendarError.notICalendar` when the text is not iCalendar.
    public static func eventCount(_ text: String, source: String) throws -> Int {
        try parse(text, calendar: source).eventCount
    }

    /// The VTODOs of iCalendar text (a VCALENDAR or a lone VTODO), each with its properties and times.
    /// - Throws: `CalendarError.notICalendar` when the text is not iCalendar; `.tooLarge` over `ICalendarLimits`.
    public static func todos(_ text: String, source: String) throws -> [ICalendarTodo] {
        lock.lock()
        defer { lock.unlock() }
        try ICalendarLimits.check(text, source: source)
        guard text.contains("BEGIN:"), let root = parseRoot(text) else { throw CalendarError.notICalendar(source: source) }
        defer { icalcomponent_free(root) }
        var components: [OpaquePointer] = []
        switch icalcomponent_isa(root) {
        case ICAL_VTODO_COMPONENT: components = [root]
        case ICAL_VCALENDAR_COMPONENT:
            var todo = icalcomponent_get_first_component(root, ICAL_VTODO_COMPONENT)
            while let current = todo {
                components.append(current)
                todo = icalcomponent_get_next_component(root, ICAL_VTODO_COMPONENT)
            }
        default: throw CalendarError.notICalendar(source: source)
        }
        return components.map(todo)
    }

    private static let timeProperties: Set<String> = ["DUE", "DTSTART", "COMPLETED", "LAST-MODIFIED", "DTSTAMP", "CREATED", "RECURRENCE-ID"]

    private static func todo(_ component: OpaquePointer) -> ICalendarTodo {
        var result = ICalendarTodo(uid: nil, isOverride: false, properties: [], errors: [])
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
            let name = icalproperty_get_property_name(current).map { String(cString: $0).uppercased() } ?? ""
            let value = icalproperty_get_value_as_string(current).map { String(cString: $0) } ?? ""
            if name == "X-LIC-ERROR" {
                result.errors.append(value)
                continue
            }
            var parameters: [String: String] = [:]
            for parameter in ["VALUE", "TZID", "RELTYPE", "X-TASKER-ZONE"] {
                if let text = icalproperty_get_parameter_as_string(current, parameter) { parameters[parameter] = String(cString: text) }
            }
            var time: ICalendarTime?
            if timeProperties.contains(name) {
                // Resolved against the file's VTIMEZONEs, then the built-in zones, as DTSTART is for events.
                let t = icalproperty_get_datetime_with_component(current, component)
                if icaltime_is_null_time(t) == 0 {
                    if t.is_date != 0 {
                        time = .day(LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)))
                    } else if icaltime_is_utc(t) != 0 || t.zone != nil {
                        time = .instant(Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(t, t.zone ?? icaltimezone_get_utc_timezone()))))
                    } else {
                        time = .floating(LocalDateTime(date: LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)),
                                                       hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second)))
                    }
                }
            }
            if name == "UID" { result.uid = value }
            if name == "RECURRENCE-ID" { result.isOverride = true }
            result.properties.append(.init(name: name, parameters: parameters, value: value, time: time))
        }
        return result
    }

    /// The text parsed by libical, each line read once (`tasker_ical_parse`; libical's own string
    /// reader is quadratic in a line's length).
    private static func parseRoot(_ text: String) -> OpaquePointer? {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { tasker_ical_parse($0.baseAddress, $0.count) }
        }
    }

    /// A VCALENDAR (or a lone VEVENT) parsed; nil for anything else.
    private static func parse(_ text: String) -> OpaquePointer? {
        guard text.contains("BEGIN:"), let root = parseRoot(text) else { return nil }
        let kind = icalcomponent_isa(root)
        guard kind == ICAL_VCALENDAR_COMPONENT || kind == ICAL_VEVENT_COMPONENT else {
            icalcomponent_free(root)
            return nil
        }
        return root
    }

    private static func events(in root: OpaquePointer) -> [OpaquePointer] {
        if icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT { return [root] }
        var found: [OpaquePointer] = []
        var event = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
        while let current = event {
            found.append(current)
            event = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
        }
        return found
    }

    /// True when the event surely falls outside the days `firstDay...lastDay`, judged from its written
    /// dates alone (no zone lookup, which costs more than the rest): it starts after them, or it does
    /// not recur and ends before them. Anything unsure is expanded.
    private static func isOutside(_ event: OpaquePointer, firstDay: Int, lastDay: Int) -> Bool {
        guard let startProperty = icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY) else { return false }
        func day(_ t: icaltimetype) -> Int { LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)).daysSinceEpoch }
        let start = icalproperty_get_dtstart(startProperty)
        if day(start) > lastDay { return true }
        let recurs = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) != nil
            || icalcomponent_get_first_property(event, ICAL_RDATE_PROPERTY) != nil
        guard !recurs else { return false }
        if let endProperty = icalcomponent_get_first_property(event, ICAL_DTEND_PROPERTY) {
            return day(icalproperty_get_dtend(endProperty)) < firstDay
        }
        return icalcomponent_get_first_property(event, ICAL_DURATION_PROPERTY) == nil && day(start) < firstDay
    }

    private static func isNotBusy(_ event: OpaquePointer) -> Bool {
        if let transp = icalcomponent_get_first_property(event, ICAL_TRANSP_PROPERTY),
            icalproperty_get_transp(transp) == ICAL_TRANSP_TRANSPARENT {
            return true
        }
        return icalcomponent_get_status(event) == ICAL_STATUS_CANCELLED
    }

    /// For an override: the master's instance it replaces, as libical times it.
    private static func overriddenInstance(_ event: OpaquePointer) -> Instance? {
        guard let property = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY), let uid = icalcomponent_get_uid(event)
        else { return nil }
        // Resolved against the file's VTIMEZONEs (then the built-in zones), as DTSTART is.
        let id = icalproperty_get_datetime_with_component(property, event)
        return Instance(uid: String(cString: uid), start: libicalSeconds(id))
    }

    /// Seconds since 1970 as libical's recurrence expansion computes them (floating and dates as UTC).
    private static func libicalSeconds(_ time: icaltimetype) -> Int {
        Int(icaltime_as_timet_with_zone(time, time.zone ?? icaltimezone_get_utc_timezone()))
    }

    /// A master's instance, by UID and libical's start.
    struct Instance: Hashable {
        var uid: String
        var start: Int
    }

    /// Collects the spans libical yields, converting them to instants in the planning zone.
    private final class Collector {
        enum Placement { case absolute, floating, allDay }
        struct Span { var instance: Instance; var event: BusyEvent; var isOverride: Bool }

        let calendar: String
        let zone: TimeZone
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        var placement = Placement.absolute
        var uid = ""
        var title = ""
        var isOverride = false
        var allDayLength = 1
        var spans: [Span] = []

        init(calendar: String, zone: TimeZone) {
            self.calendar = calendar
            self.zone = zone
        }

        func begin(_ event: OpaquePointer) {
            let start = icalcomponent_get_dtstart(event)
            placement = start.is_date != 0 ? .allDay : (start.zone == nil && icaltime_is_utc(start) == 0 ? .floating : .absolute)
            if start.is_date != 0 {
                // Whole days from the dates themselves (libical's span of a DATE end is not the day it names).
                let end = icalcomponent_get_dtend(event)
                let first = LocalDate(year: Int(start.year), month: Int(start.month), day: Int(start.day))
                let last = LocalDate(year: Int(end.year), month: Int(end.month), day: Int(end.day))
                allDayLength = icaltime_is_null_time(end) != 0 ? 1 : max(1, last.daysSinceEpoch - first.daysSinceEpoch)
            }
            uid = icalcomponent_get_uid(event).map { String(cString: $0) } ?? ""
            let summary = icalcomponent_get_summary(event).map { String(cString: $0) } ?? ""
            title = summary.isEmpty ? "Busy" : summary
            isOverride = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY) != nil
        }

        func add(_ span: icaltime_span, component: OpaquePointer?) {
            let rawStart = Int(span.start), rawEnd = max(Int(span.end), Int(span.start))
            let event: BusyEvent
            switch placement {
            case .absolute:
                event = BusyEvent(title: title, calendar: calendar, start: Date(timeIntervalSince1970: TimeInterval(rawStart)),
                                  end: Date(timeIntervalSince1970: TimeInterval(rawEnd)))
            case .floating:
                func wall(_ seconds: Int) -> Date { LocalDateTime(Date(timeIntervalSince1970: TimeInterval(seconds)), in: utc).instant(in: zone) }
                event = BusyEvent(title: title, calendar: calendar, start: wall(rawStart), end: wall(rawEnd))
            case .allDay:
                let first = LocalDate(Date(timeIntervalSince1970: TimeInterval(rawStart)), in: utc)
                event = BusyEvent(title: title, calendar: calendar, start: first.startOfDay(in: zone),
                                  end: first.adding(days: allDayLength).startOfDay(in: zone), allDay: true)
            }
            spans.append(Span(instance: Instance(uid: uid, start: rawStart), event: event, isOverride: isOverride))
        }

        /// The events overlapping `[start, end)`, overridden instances and duplicates removed, in time order.
        func finish(removing overrides: Set<Instance>, from start: Date, to end: Date) -> [BusyEvent] {
            var seen: Set<Instance> = []
            var events: [BusyEvent] = []
            for span in spans where span.event.end > start && span.event.start < end {
                // An override's own span has the override's start, not the master's: only masters match.
                if overrides.contains(span.instance) && !span.isOverride { continue }
                guard seen.insert(span.instance).inserted || span.isOverride else { continue }
                events.append(span.event)
            }
            return events.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end < $1.end }
        }
    }
}
