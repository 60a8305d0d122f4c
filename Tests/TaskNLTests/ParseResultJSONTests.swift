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

    /// Every reading's object carries the members `TaskField` declares at the `parse` door, each of its
    /// declared type, and `understood`: nothing else.
    @Test func membersAreTheDeclaredOnes() throws {
        let parser = TaskNLParser()
        let declared = TaskField.members(at: .parse).map(\.member)
        var seen = Set<String>()
        for c in try FixtureCase.load(suffix: ".cases") {
            for result in parser.parseTasks(c.input, now: c.now, timeZone: c.timeZone) {
                let object = try #require(result.json(timeZone: c.timeZone).objectValue)
                for member in declared {
                    if let value = object[member.key] {
                        #expect(member.type.matches(value), "\(member.key): \(value.encoded())")
                    } else {
                        #expect(member.omittable, "\(member.key) is missing")
                    }
                }
                #expect(Set(object.keys).subtracting(declared.map(\.key)) == ["understood"])
                seen.formUnion(object.keys)
            }
        }
        // `place` needs a known place, which the fixture sentences are parsed without.
        #expect(seen.union(["place"]) == Set(declared.map(\.key)).union(["understood"]), "every declared member written by some reading")
    }
}
