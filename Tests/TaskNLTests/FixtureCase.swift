import Foundation
import TaskCore
import TaskerTestSupport

/// The golden cases in `Fixtures/parser/`: `*.cases` for `parse`, `*.dates` for `parseDate`.
///
/// Format: `@now ISO` and `@tz ZONE` set the clock for the cases after them, `@places A | B` the
/// user's place names (none when empty); `//` lines are comments.
/// In `.cases`, `> INPUT` starts a case and `field: value` lines follow; every field not listed must
/// be empty or default. In `.dates`, each line is `PHRASE => ISO` or `PHRASE => none`.
struct FixtureCase: Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var input: String
    var now: Date
    var timeZone: TimeZone
    var nowText: String
    /// The user's places, as the store passes their names to the parser.
    var places: [String] = []
    /// Field name → expected value, in the fixture's text form.
    var expected: [String: String]

    var description: String { "\(file):\(line) [\(nowText) \(timeZone.identifier)] \"\(input)\"" }

    static let directory = FixtureFile.url("parser")

    /// Every case of every file with `suffix` in the fixture folder.
    static func load(suffix: String) throws -> [FixtureCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(suffix) }.sorted()
        return try names.flatMap { try load(file: $0) }
    }

    static func load(file name: String) throws -> [FixtureCase] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        var cases: [FixtureCase] = []
        var nowText = "", zone = TimeZone(identifier: "UTC")!
        var now = Date(timeIntervalSince1970: 0)
        var current: FixtureCase?
        var places: [String] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("//") { continue }
            if line.hasPrefix("@tz ") {
                zone = TimeZone(identifier: String(line.dropFirst(4)))!
                now = ISODate.parse(nowText, in: zone, defaultHour: 0)!
            } else if line.hasPrefix("@places") {
                places = line.dropFirst(7).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            } else if line.hasPrefix("@now ") {
                nowText = String(line.dropFirst(5))
                now = ISODate.parse(nowText, in: zone, defaultHour: 0)!
            } else if name.hasSuffix(".dates") {
                guard let arrow = line.range(of: "=>") else { continue }
                let phrase = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
                let want = line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
                cases.append(FixtureCase(file: name, line: index + 1, input: phrase, now: now, timeZone: zone,
                    nowText: nowText, expected: ["due": want]))
            } else if line.hasPrefix("> ") {
                if let c = current { cases.append(c) }
                current = FixtureCase(file: name, line: index + 1, input: String(line.dropFirst(2)), now: now,
                    timeZone: zone, nowText: nowText, places: places, expected: [:])
            } else if line.isEmpty {
                if let c = current { cases.append(c) }
                current = nil
            } else if let colon = line.firstIndex(of: ":"), current != nil {
                let key = String(line[..<colon])
                current?.expected[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        if let c = current { cases.append(c) }
        return cases
    }
}
