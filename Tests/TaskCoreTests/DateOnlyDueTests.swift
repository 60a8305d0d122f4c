import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// "A date-only due means 9:00" is one constant (`WallTime.dateOnlyDue`): its value, and a scan of
/// `Sources/` that fails when the due-time code spells the rule again as a literal.
@Suite struct DateOnlyDueTests {
    /// The spellings the rule had before it was one constant (11 places in 7 modules, issue 44), as
    /// patterns over code with comments removed. Working hours (`09:00-18:00`), the morning day part
    /// and example instants in help text are other rules and do not match.
    static let literals = [
        #"\bhour: 9\b"#,                  // day.instant(hour: 9, minute: 0, in: zone), WallTime(hour: 9, minute: 0)
        #"\(9, ?0\)"#,                    // time ?? (9, 0)
        #"defaultHour: Int = 9\b"#,       // ISODate.parse's default
        #""0?9:00( AM)?""#,               // time != "9:00 AM"
        #"\b(32400|32_400|9 \* 3600|9 \* 60 \* 60|540 \* 60)\b"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// Where the rule is declared.
    static let declaration = "TaskCore/Dates/WallTime+DateOnlyDue.swift"
    /// Files allowed to hold a literal for now (none: the task rows read the constant since issue 44's
    /// row rewrite landed); each must still hold one, so an exemption goes when its file moves.
    static let pending: Set<String> = []

    static func matches(_ code: String) -> Bool {
        literals.contains { $0.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil }
    }

    @Test func isNineOClockLocalOnTheDueDay() throws {
        #expect(WallTime.dateOnlyDue == WallTime(hour: 9, minute: 0))
        let london = try #require(TimeZone(identifier: "Europe/London"))
        // 28 March 2027 is a 23-hour day in London: 9:00 is BST, 08:00 UTC.
        #expect(LocalDate(year: 2027, month: 3, day: 28).dateOnlyDue(in: london) == ISODate.parse("2027-03-28T08:00:00Z", in: london))
        #expect(LocalDate(year: 2027, month: 1, day: 5).dateOnlyDue(in: london) == ISODate.parse("2027-01-05T09:00:00Z", in: london))
        #expect(ISODate.parse("2027-01-05", in: london) == LocalDate(year: 2027, month: 1, day: 5).dateOnlyDue(in: london), "ISO 8601's date alone follows the rule")
    }

    @Test func thePatternsCatchEachOldSpellingAndNoOtherRule() {
        for old in ["day.instant(hour: 9, minute: 0, in: timeZone)", "WallTime(hour: 9, minute: 0)!", "let (hour, minute) = time ?? (9, 0)",
                    "defaultHour: Int = 9) -> Date?", #"let showTime = time != "9:00 AM""#, "due.addingTimeInterval(32400)"] {
            #expect(Self.matches(old), "\(old) is a spelling of the rule")
        }
        for other in [#"default: "09:00-18:00""#, "PlanWindow(name: \"morning\", startHour: 9, endHour: 12)", "case .morning: 9",
                      "(.priority, 9)", "hour: 19, minute: 0", #""2026-12-05T09:00""#] {
            #expect(!Self.matches(other), "\(other) is another rule")
        }
    }

    @Test func theRuleIsWrittenOnce() throws {
        let files = try SourceTree.swiftFiles()
        #expect(files.count > 400, "the scan found the sources")
        var found: [String] = [], stillPending: Set<String> = []
        for file in files where file.path != Self.declaration {
            for (number, code) in file.codeLines where Self.matches(code) {
                if Self.pending.contains(file.path) { stillPending.insert(file.path) } else { found.append("\(file.path):\(number)") }
            }
        }
        #expect(found.isEmpty, "the date-only due time is spelled again at \(found.joined(separator: ", ")): use WallTime.dateOnlyDue or LocalDate.dateOnlyDue(in:)")
        #expect(stillPending == Self.pending, "no literal left in \(Self.pending.subtracting(stillPending).sorted().joined(separator: ", ")): remove it from DateOnlyDueTests.pending")
    }
}
