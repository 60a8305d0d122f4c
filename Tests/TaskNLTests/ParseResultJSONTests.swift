import Foundation
import TaskCore
import Testing
@testable import TaskNL

/// `parse --json -` writes each reading straight into its output buffer; that must be, byte for
/// byte, the `JSONValue` every other door encodes.
@Suite struct ParseResultJSONTests {
    @Test func writtenBytesAreTheEncodedObject() throws {
        let parser = TaskNLParser()
        var checked = 0
        for c in try FixtureCase.load(suffix: ".cases") {
            for result in parser.parseTasks(c.input, now: c.now, timeZone: c.timeZone) {
                var bytes: [UInt8] = []
                result.appendJSON(timeZone: c.timeZone, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == result.json(timeZone: c.timeZone).encoded(), "\(c)")
                checked += 1
            }
        }
        #expect(checked >= 300)
    }
}
