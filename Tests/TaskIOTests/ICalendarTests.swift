import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskIO

@Suite struct ICalendarTests {
    @Test func foldingKeepsUTF8WholeAndLinesShort() {
        let line = "SUMMARY:" + String(repeating: "ü", count: 80)
        let folded = ICalendarWriter.fold(line)
        for piece in folded.components(separatedBy: "\r\n") { #expect(piece.utf8.count <= 75) }
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        #expect(ICalendarWriter.escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
    }
}
