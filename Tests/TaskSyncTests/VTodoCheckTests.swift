import Testing
@testable import TaskSync

/// The RFC 5545 rules every text is checked against before it is sent.
struct VTodoCheckTests {
    func calendar(_ todo: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VTODO\r\nUID:u\r\nDTSTAMP:20261201T000000Z\r\n" + todo + "END:VTODO\r\nEND:VCALENDAR\r\n"
    }

    @Test func aValidTodoHasNoProblem() {
        #expect(VTodoCheck.problems(calendar("SUMMARY:x\r\nDTSTART;VALUE=DATE:20261210\r\nDUE;VALUE=DATE:20261210\r\n")).isEmpty)
        // An alarm's own properties (its TRIGGER, DESCRIPTION) are not the VTODO's.
        #expect(VTodoCheck.problems(calendar("DESCRIPTION:a\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:b\r\nTRIGGER:-PT1H\r\nEND:VALARM\r\n")).isEmpty)
    }

    @Test(arguments: [
        ("DUE;VALUE=DATE:20261210\r\nDUE;VALUE=DATE:20261214\r\n", "2 DUE"),
        ("SUMMARY:a\r\nSUMMARY:b\r\n", "2 SUMMARY"),
        ("STATUS:COMPLETED\r\nSTATUS:NEEDS-ACTION\r\n", "2 STATUS"),
        ("DTSTART:20261210T100000Z\r\nDUE:20261211T100000Z\r\nDURATION:PT1H\r\n", "DUE and DURATION together"),
        ("DURATION:PT1H\r\n", "DURATION without DTSTART"),
        ("DTSTART;VALUE=DATE:20261220\r\nDUE;VALUE=DATE:20261214\r\n", "DUE 20261214 before DTSTART 20261220"),
        ("DTSTART;VALUE=DATE:20261210\r\nDUE:20261214T100000Z\r\n", "DUE is a date-time but DTSTART a date"),
        ("DTSTART:20261215T100000Z\r\nDUE:20261214T100000Z\r\n", "DUE 20261214T100000Z before DTSTART 20261215T100000Z"),
    ]) func aBrokenRuleIsNamed(todo: String, problem: String) {
        #expect(VTodoCheck.problems(calendar(todo)) == [problem])
    }

    @Test func uidAndStampAreRequiredAndTheCalendarNeedsItsHeader() {
        let bare = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(VTodoCheck.problems(bare) == ["no UID", "no DTSTAMP", "0 VERSION in the calendar", "0 PRODID in the calendar"])
    }
}
