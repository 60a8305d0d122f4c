import Foundation
import TaskCore

/// The dictation fixtures of `Fixtures/parser/*.dictations` (issue 42), and every input of every
/// parser fixture, for tests outside TaskNLTests (the model path must give what `parse` gives).
///
/// A `.dictations` file: `@now ISO` and `@tz ZONE` set the clock for the cases after them; `//`
/// lines are comments; `> LINE` starts a case, and each `- TITLE` or `- TITLE | DUE` line after it
/// is one draft `parse` must give, in order (DUE in ISO 8601 as `ISODate.format` writes it).
public enum ParserFixtureInputs {
    /// One line of dictation and the drafts it must give.
    public struct Dictation: Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var input: String
        public var now: Date
        public var timeZone: TimeZone
        /// Each draft's title and due (nil: no due).
        public var drafts: [(title: String, due: String?)]
        public var description: String { "\(file):\(line) \"\(input)\"" }
    }

    /// One input of a parser fixture, with the clock it is read at.
    public struct Input: Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var text: String
        public var now: Date
        public var timeZone: TimeZone
        public var description: String { "\(file):\(line) \"\(text)\"" }
    }

    /// The cases of `Fixtures/parser/<name>`. - Throws: when it cannot be read.
    public static func dictations(_ name: String) throws -> [Dictation] {
        var cases: [Dictation] = []
        try read(name) { line, index, now, zone in
            if line.hasPrefix("> ") {
                cases.append(Dictation(file: name, line: index, input: String(line.dropFirst(2)), now: now, timeZone: zone, drafts: []))
            } else if line.hasPrefix("- "), !cases.isEmpty {
                let parts = line.dropFirst(2).components(separatedBy: " | ")
                cases[cases.count - 1].drafts.append((parts[0], parts.count > 1 ? parts[1] : nil))
            }
        }
        return cases
    }

    /// Every input of every parser fixture: the `> ` lines of `*.cases` and `*.dictations`, the
    /// titles of `*.titles`. - Throws: when the folder cannot be read.
    public static func all() throws -> [Input] {
        let folder = FixtureFile.url("parser")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var inputs: [Input] = []
        for name in names where name.hasSuffix(".cases") || name.hasSuffix(".dictations") || name.hasSuffix(".titles") {
            let titles = name.hasSuffix(".titles")
            try read(name) { line, index, now, zone in
                if line.hasPrefix("> ") {
                    inputs.append(Input(file: name, line: index, text: String(line.dropFirst(2)), now: now, timeZone: zone))
                } else if titles, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    inputs.append(Input(file: name, line: index, text: line, now: now, timeZone: zone))
                }
            }
        }
        return inputs
    }

    /// The repeat cases of the public corpora in `Fixtures/parser/external/`: each `[repeat] INPUT =>
    /// rrule …` line (the class every corpus scores as a repeat; `repeat-except`, `repeat-intraday` and
    /// the other out-of-scope classes are left out), with the clock it is read at.
    /// - Throws: when the folder cannot be read.
    public static func corpusRepeats() throws -> [Input] {
        let folder = FixtureFile.url("parser/external")
        var inputs: [Input] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".corpus") {
            try read("external/" + name) { line, index, now, zone in
                let text = line.components(separatedBy: "  // ")[0]
                guard text.hasPrefix("[repeat] "), let arrow = text.range(of: " => rrule ", options: .backwards) else { return }
                let input = text[text.index(text.startIndex, offsetBy: 9)..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
                inputs.append(Input(file: name, line: index, text: input, now: now, timeZone: zone))
            }
        }
        return inputs
    }

    /// Calls `body` with each line of `Fixtures/parser/<name>` that is no comment and sets no clock,
    /// its 1-based number and the clock set before it (UTC 2026-12-02T10:30 when none is).
    private static func read(_ name: String, _ body: (String, Int, Date, TimeZone) -> Void) throws {
        let text = try FixtureFile.text("parser/" + name)
        var zone = TimeZone(identifier: "UTC")!
        var nowText = "2026-12-02T10:30"
        var now = ISODate.parse(nowText, in: zone, defaultHour: 0)!
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("//") { continue }
            if line.hasPrefix("@tz "), let z = TimeZone(identifier: String(line.dropFirst(4))) {
                zone = z
                now = ISODate.parse(nowText, in: zone, defaultHour: 0) ?? now
            } else if line.hasPrefix("@now ") {
                nowText = String(line.dropFirst(5))
                now = ISODate.parse(nowText, in: zone, defaultHour: 0) ?? now
            } else if !line.hasPrefix("@") {
                body(line, index + 1, now, zone)
            }
        }
    }
}
