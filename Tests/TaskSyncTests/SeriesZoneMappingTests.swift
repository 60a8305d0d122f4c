import Foundation
import Testing
import TaskCalendar
import TaskCore
@testable import TaskSync

/// The zone rule without a server: which dues carry a TZID, how another client's TZID is read, and
/// that a VTIMEZONE is added once, beside the object's own.
struct SeriesZoneMappingTests {
    let mapping = VTodoMapping(timeZone: TimeZone(identifier: "UTC")!)

    func todo(_ lines: [String]) throws -> ICalendarTodo {
        let text = ICalendarWriter.text(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTODO", "UID:a", "DTSTAMP:20261201T000000Z"] + lines
            + ["END:VTODO", "END:VCALENDAR"])
        return try #require(try ICalendarReader.todos(text, source: "x").first)
    }

    func due(_ fields: TaskFields) -> [String] { VTodoMapping.properties.first { $0.name == "DUE" }?.lines(fields) ?? [] }

    @Test func onlyARepeatingTimeOfDayIsWrittenInAZone() {
        let weekly = RecurrenceRule(frequency: .weekly, weekdays: [.sun]).json
        #expect(due(TaskFields(["due": "2026-12-06T17:00:00+00:00", "zone": "Europe/Berlin", "recurrence": weekly]))
            == ["DUE;TZID=Europe/Berlin:20261206T180000"])
        #expect(due(TaskFields(["due": "2026-12-06", "recurrence": weekly])) == ["DUE;VALUE=DATE:20261206"])
        #expect(due(TaskFields(["due": "2026-12-06T17:00:00+00:00"])) == ["DUE:20261206T170000Z"])
        #expect(TaskFields.seriesZone("UTC") == nil && TaskFields.seriesZone("Etc/UTC") == nil && TaskFields.seriesZone("Nowhere/Atlantis") == nil)
        #expect(TaskFields.seriesZone("Europe/London") == "Europe/London")
    }

    @Test func anotherClientsSeriesKeepsItsZoneAndIsReadInTheTzDatabase() throws {
        // A VTIMEZONE that says Berlin is always +01:00 (as icalendar's generated one does after 1981):
        // 9:00 on 4 April 2027 is read as the tz database has it, 07:00 UTC.
        let text = ICalendarWriter.text(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD",
            "DTSTART:19700101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VTODO", "UID:a",
            "DTSTAMP:20261201T000000Z", "DUE;TZID=Europe/Berlin:20270404T090000", "RRULE:FREQ=WEEKLY;BYDAY=SU", "END:VTODO", "END:VCALENDAR"])
        let fields = mapping.fields(try #require(try ICalendarReader.todos(text, source: "x").first))
        #expect(fields["due"] == "2027-04-04T07:00:00+00:00")
        #expect(fields["zone"] == "Europe/Berlin")
        // Without a rule the zone is not the task's: the due is one instant.
        #expect(mapping.fields(try todo(["DUE;TZID=America/New_York:20270404T090000"]))["zone"] == nil)
        #expect(mapping.fields(try todo(["DUE:20270404T090000Z", "RRULE:FREQ=DAILY"]))["zone"] == nil)
    }

    @Test func aVTimezoneIsAddedOnceAndAnotherClientsIsKept() {
        let skeleton = ICSText.skeleton(uid: "a")
        let once = ICSText.patch(skeleton, remove: [], add: ["DUE;TZID=Europe/Berlin:20261206T180000"])
        #expect(once.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        #expect(once.range(of: "END:VTIMEZONE")!.lowerBound < once.range(of: "BEGIN:VTODO")!.lowerBound, "before the VTODO")
        #expect(once.contains("DTSTART:20250330T020000\r\n"), "rules from the year before the due's")
        let twice = ICSText.patch(once, remove: ["DUE"], add: ["DUE;TZID=Europe/Berlin:20261213T180000"])
        #expect(twice.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        let theirs = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nX-THEIRS:1\r\nEND:VTIMEZONE\r\nBEGIN:VTODO\r\nUID:a\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let kept = ICSText.patch(theirs, remove: [], add: ["DUE;TZID=Europe/Berlin:20261206T180000"])
        #expect(kept.contains("X-THEIRS:1") && kept.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        #expect(VTodoCheck.problems(once).isEmpty || VTodoCheck.problems(once) == ["no DTSTAMP"])
    }
}
