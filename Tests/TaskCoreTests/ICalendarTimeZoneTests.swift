import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// The VTIMEZONE written beside a `DUE;TZID=` is the tz database's zone: two yearly rules where the
/// zone has them, each change spelled out where it has not, one STANDARD where it never changes; and
/// python-dateutil's `tzical`, reading it, gives zoneinfo's offset at every unambiguous local hour of
/// ten years, in both hemispheres, in half-hour zones and in zones without rules.
@Suite struct ICalendarTimeZoneTests {
    func text(_ zone: String, from year: Int = 2026) throws -> String {
        let tz = try #require(TimeZone(identifier: zone))
        return ICalendarWriter.text(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tasker//Tasker//EN"]
            + ICalendarTimeZone.lines(tz, fromYear: year) + ["END:VCALENDAR"])
    }

    @Test(arguments: [
        ("Europe/Berlin", ["DTSTART:20250330T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                           "DTSTART:20251026T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"]),
        ("America/New_York", ["RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "TZOFFSETTO:-0400"]),
        ("Australia/Sydney", ["RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU", "TZOFFSETTO:+1100"]),
        ("Asia/Kolkata", ["BEGIN:STANDARD", "DTSTART:20250101T000000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530"]),
    ])
    func aZoneWithRulesIsWrittenByTheRules(zone: String, lines: [String]) throws {
        let written = try text(zone)
        for line in lines { #expect(written.contains(line + "\r\n"), "\(zone): \(line)\n\(written)") }
        #expect(written.components(separatedBy: "BEGIN:DAYLIGHT").count <= 2, "at most one DAYLIGHT component")
    }

    @Test func aZoneWhoseChangesFollowNoYearlyRuleHasEachChange() throws {
        // Morocco leaves its +01 for Ramadan: the dates move with the moon.
        let written = try text("Africa/Casablanca")
        #expect(!written.contains("RRULE"), "\(written)")
        #expect(written.components(separatedBy: "BEGIN:").count > 20)
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "America/St_Johns",
                      "Asia/Kolkata", "Pacific/Auckland", "America/Santiago", "Africa/Casablanca", "Europe/Dublin"])
    func dateutilReadsTheSameOffsetsAsTheTzDatabase(zone: String) throws {
        guard VenvPython.isInstalled else {
            Issue.record("SKIPPED: no .venv; run scripts/setup --with-python")
            return
        }
        let result = try VenvPython.run([FixtureFile.url("caldav/zone_check.py").path, "offsets", try text(zone), zone, "2026", "2035"])
        let answer = try JSONValue.parse(result.stdout)
        #expect(answer["wrong"] == .array([]), "\(zone): \(result.stdout)")
        #expect((answer["checked"]?.intValue ?? 0) > 87_000, "\(result.stdout)")
    }

    @Test func aWallTimeIsTheZonesLocalTime() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let summer = LocalDate(year: 2027, month: 3, day: 28).instant(hour: 18, minute: 0, in: berlin)
        #expect(ICalendarTimeZone.local(summer, in: berlin) == "20270328T180000")
        #expect(ICalendarWriter.utc(summer) == "20270328T160000Z")
    }
}
