import Foundation
import Testing
import TaskCalendar
import TaskCore
@testable import TaskSync
import TaskerTestSupport

/// VTODO ↔ fields without a server: what another client wrote is read, and patching replaces only
/// the properties of the fields that changed.
struct VTodoMappingTests {
    let mapping = VTodoMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    let other = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Other//EN\r
        BEGIN:VTODO\r
        UID:abc-1\r
        DTSTAMP:20261201T000000Z\r
        SUMMARY:Pay rent\\, now\r
        DUE;VALUE=DATE:20261210\r
        PRIORITY:1\r
        CATEGORIES:home,critical\r
        X-OTHER-CLIENT;FOO=bar:keep me\\, please\r
        RELATED-TO;RELTYPE=SIBLING:sib-1\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-PT15M\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    @Test func readsAnotherClientsTodo() throws {
        let todo = try #require(try ICalendarReader.todos(other, source: "x").first)
        let f = mapping.fields(todo)
        #expect(f["title"] == "Pay rent, now")
        #expect(f["due"] == "2026-12-10")
        #expect(f["priority"] == "critical")
        #expect(f["contexts"] == ["home"])
        #expect(f["parent"] == nil)
    }

    @Test func aDueInAucklandIsTheInstantItNames() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:x\r\nDUE;TZID=Pacific/Auckland:20261210T233000\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let todo = try #require(try ICalendarReader.todos(text, source: "x").first)
        // NZDT is +13:00 in December.
        #expect(mapping.fields(todo)["due"] == "2026-12-10T10:30:00+00:00")
    }

    @Test func patchingKeepsWhatItDoesNotOwn() throws {
        var f = mapping.fields(try #require(try ICalendarReader.todos(other, source: "x").first))
        f["title"] = "Pay rent; today"
        f["status"] = "done 2026-12-09T08:00:00+00:00"
        let (remove, add) = VTodoMapping.rewrite(["title", "status"], from: f)
        let patched = ICSText.patch(other, remove: remove, add: add)
        #expect(patched.contains("X-OTHER-CLIENT;FOO=bar:keep me\\, please\r\n"))
        #expect(patched.contains("RELATED-TO;RELTYPE=SIBLING:sib-1\r\n"))
        #expect(patched.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM"))
        #expect(patched.contains("DUE;VALUE=DATE:20261210\r\n"))
        #expect(patched.contains("SUMMARY:Pay rent\\; today\r\n"))
        #expect(!patched.contains("Pay rent\\, now"))
        #expect(patched.contains("COMPLETED:20261209T080000Z\r\n"))
        let again = mapping.fields(try #require(try ICalendarReader.todos(patched, source: "x").first))
        #expect(again == f)
    }

    /// Any sequence of edits, each patched into the text the last one left (the other client's text
    /// at first): every text is valid (one DUE, no start after the due…) and reads back as the fields.
    /// Seed 31.
    @Test func everyPatchOfEveryFieldLeavesAValidTodoThatReadsBackTheSame() throws {
        var random = SeededRandom(seed: 31)
        let choices: [String: [JSONValue?]] = [
            "title": ["Pay rent", "Pay rent; today, now"],
            "notes": [nil, "line one\nline two"],
            "due": [nil, "2026-12-10", "2026-12-14", "2026-12-15T16:30:00+00:00"],
            "defer": [nil, "2026-12-08", "2026-12-10", "2026-12-12", "2026-12-20"],
            "recurrence": [nil, RecurrenceRule(frequency: .weekly).json, RecurrenceRule(frequency: .monthly, interval: 2).json],
            "priority": [nil, "high", "critical", "low"],
            "contexts": [nil, ["home"], ["errands", "home"], ["critical", "home"]],
            "status": [nil, "done 2026-12-09T08:00:00+00:00"],
            "parent": [nil, "parent-1"],
            "estimate": [nil, .int(30)],
            "energy": [nil, "deep"],
            "project": [nil, "House"],
        ]
        var text = other
        var fields = mapping.fields(try #require(try ICalendarReader.todos(text, source: "x").first))
        for step in 0..<300 {
            var next = fields
            for key in choices.keys.sorted() where Int.random(in: 0..<4, using: &random) == 0 {
                let options = choices[key] ?? []
                next[key] = options[Int.random(in: 0..<options.count, using: &random)] ?? nil
            }
            let changed = Set(TaskFields.keys.filter { next[$0] != fields[$0] })
            let (remove, add) = VTodoMapping.rewrite(changed, from: next)
            text = ICSText.patch(text, remove: remove, add: add)
            #expect(VTodoCheck.problems(text).isEmpty, "step \(step): \(VTodoCheck.problems(text))\n\(text)")
            let read = mapping.fields(try #require(try ICalendarReader.todos(text, source: "x").first))
            #expect(read == next, "step \(step)")
            fields = next
        }
        #expect(text.contains("X-OTHER-CLIENT;FOO=bar:keep me\\, please\r\n"))
    }

    @Test func aTodoWithAnUnreadableDueCarriesTheError() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:y\r\nSUMMARY:x\r\nDUE:garbage\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let todo = try #require(try ICalendarReader.todos(text, source: "x").first)
        #expect(!todo.errors.isEmpty)
        #expect(throws: CalendarError.self) { try ICalendarReader.todos("not a calendar", source: "x") }
    }

    /// A VTODO with `lines` (RRULE and friends) after a due, read as fields.
    func repeating(_ lines: String) throws -> TaskFields {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:r-1\r\nSUMMARY:Payday\r\nDUE:20261211T090000Z\r\n" + lines
            + "END:VTODO\r\nEND:VCALENDAR\r\n"
        return mapping.fields(try #require(try ICalendarReader.todos(text, source: "x").first))
    }

    @Test func rruleAndRepeatKindRoundTrip() throws {
        let f = try repeating("RRULE:FREQ=MONTHLY;BYDAY=2FR,4FR;COUNT=12\r\nX-TASKER-REPEAT:AFTER-COMPLETION\r\n")
        let rule = try #require(f["recurrence"].flatMap(RecurrenceRule.init(json:)))
        #expect(rule == RecurrenceRule(frequency: .monthly, days: [.init(.fri, 2), .init(.fri, 4)], count: 12, kind: .afterCompletion))
        let lines = VTodoMapping.rewrite(["recurrence"], from: f).add
        #expect(lines == ["RRULE:FREQ=MONTHLY;COUNT=12;BYDAY=2FR,4FR", "X-TASKER-REPEAT:AFTER-COMPLETION"])
        // Skip missed, the default, writes no kind.
        var plain = f
        plain["recurrence"] = RecurrenceRule(frequency: .weekly, weekdays: [.sun]).json
        #expect(VTodoMapping.rewrite(["recurrence"], from: plain).add == ["RRULE:FREQ=WEEKLY;BYDAY=SU"])
        let onSchedule = try repeating("RRULE:FREQ=DAILY\r\nX-TASKER-REPEAT:ON-SCHEDULE\r\n")
        #expect(onSchedule["recurrence"].flatMap(RecurrenceRule.init(json:))?.kind == .onSchedule)
    }

    @Test func anRRULETaskerCannotRepresentIsWrittenBackUnchanged() throws {
        // libical reads the value (and puts its parts in its own order): that text is what goes back.
        for (text, read) in [("FREQ=HOURLY;INTERVAL=4", "FREQ=HOURLY;INTERVAL=4"), ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "FREQ=YEARLY;BYDAY=MO;BYWEEKNO=20"),
                             ("FREQ=DAILY;BYHOUR=9,17", "FREQ=DAILY;BYHOUR=9,17")] {
            let f = try repeating("RRULE:\(text)\r\n")
            let rule = try #require(f["recurrence"].flatMap(RecurrenceRule.init(json:)))
            #expect(rule.verbatim == read)
            #expect(VTodoMapping.rewrite(["recurrence"], from: f).add.first == "RRULE:" + read)
        }
    }
}
