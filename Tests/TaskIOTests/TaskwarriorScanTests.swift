import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskIO

/// The Taskwarrior reader reads bytes straight into typed fields; `readParsed` reads the same text
/// through parsed JSON values. On random exports, valid and damaged, both must give the same
/// records, warnings and locations, or the same error.
@Suite struct TaskwarriorScanTests {
    let reader = TaskwarriorReader(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: at("2026-03-10T10:00"))

    /// One random `task export` object, members in a random order, with awkward strings and values.
    static func object(_ random: inout SeededRandom, uuid: String) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        func time() -> String {
            String(format: "2026%02d%02dT%02d%02d00Z", Int(1 + random.next() % 12), Int(1 + random.next() % 28), pick([0, 23, 22, 9]), Int(random.next() % 60))
        }
        let words = ["Pay rent", "caf\u{E9} \u{1F600}", #"quote \" and \\ slash"#, "tab\\tnew\\nline", "\\u00e9t\\u00E9 \\ud83d\\ude00", "  spaced  ", "x"]
        var members: [String] = [#""uuid":"\#(chance(10) ? uuid.uppercased() : uuid)""#, #""description":"\#(pick(words))""#]
        members.append(#""status":"\#(pick(["pending", "completed", "waiting", "deleted", "recurring"]))""#)
        if chance(80) { members.append(#""entry":"\#(time())""#) }
        if chance(70) { members.append(#""modified":"\#(time())""#) }
        if chance(30) { members.append(#""end":"\#(time())""#) }
        if chance(50) { members.append(#""due":"\#(time())""#) }
        if chance(15) { members.append(#""wait":"\#(time())""#) }
        if chance(40) { members.append(#""priority":"\#(pick(["H", "M", "L"]))""#) }
        if chance(50) { members.append(#""tags":[\#((0..<(random.next() % 4)).map { _ in "\"\(pick(["work", "Home", "@phone", "#x", "work"]))\"" }.joined(separator: ","))]"#) }
        if chance(30) { members.append(#""project":"\#(pick(["Home", "home", "Work.Q1", " Spaced ", ""]))""#) }
        if chance(20) { members.append(#""annotations":[{"entry":"\#(time())","description":"\#(pick(words))"}]"#) }
        if chance(15) { members.append(#""recur":"\#(pick(["daily", "2w", "fortnight", "3d", "weekdays"]))""#) }
        if chance(30) { members.append(#""id":\#(random.next() % 100),"urgency":\#(Double(random.next() % 1000) / 7)"#) }
        if chance(20) { members.append(#""myuda":\#(pick(["1e3", "-0", "12345678901234567890", "null", "true", #"{"a":[1,2.5,"b"]}"#, "\"\""]))"#) }
        if chance(5) { members.append(#""due":"\#(time())""#) }  // a member given twice: the last one counts
        for i in members.indices.reversed() { members.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        let space = pick(["", " ", " \t", "\t"])  // no newline: JSON Lines keep an object on its line
        return "{" + space + members.joined(separator: "," + space) + space + "}"
    }

    static func export(seed: UInt64, count: Int) -> String {
        var random = SeededRandom(seed: seed)
        let objects = (0..<count).map { i in
            object(&random, uuid: String(format: "%08x-1c2d-4e3f-8a9b-%012x", i + 1, Int(random.next() % 0xFFFF_FFFF)))
        }
        switch random.next() % 3 {
        case 0: return "[" + objects.joined(separator: ",") + "]"
        case 1: return "\n [\n" + objects.joined(separator: ",\n") + "\n]\n"
        default: return objects.joined(separator: random.next() % 2 == 0 ? "\n" : "\r\n\n")
        }
    }

    /// What a reading gave, with the made-up UUIDs of new projects replaced by their names.
    struct Outcome: Equatable {
        var tasks: [TaskRecord] = []
        var projects: [String] = []
        var warnings: [String] = []
        var locations: [String: String] = [:]
        var error: String?
    }

    static func outcome(_ read: () throws -> ImportedRecords) -> Outcome {
        do {
            let r = try read()
            let names = Dictionary(uniqueKeysWithValues: r.records.projects.map { ($0.uuid, $0.name) })
            let tasks = r.records.tasks.map { t -> TaskRecord in
                var t = t
                t.project = t.project.map { names[$0] ?? $0 }
                return t
            }
            return Outcome(tasks: tasks, projects: r.records.projects.map(\.name), warnings: r.warnings, locations: r.locations)
        } catch {
            return Outcome(error: "\(error)")
        }
    }

    @Test(arguments: 0..<40)
    func scanningReadsWhatParsingReads(seed: Int) throws {
        let text = Self.export(seed: UInt64(seed), count: 1 + seed % 7)
        let fast = Self.outcome { try reader.read(text, source: "tw.json") }
        #expect(fast.error == nil, "seed \(seed): a valid export was refused: \(fast.error ?? "")")
        #expect(fast.tasks.count == 1 + seed % 7)
        #expect(fast == Self.outcome { try reader.readParsed(text, source: "tw.json") }, "seed \(seed)")
    }

    /// A byte cut, doubled or replaced somewhere: both readings fail alike, or read alike.
    @Test(arguments: 0..<60)
    func damagedExportsFailAlike(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7919)
        var bytes = Array(Self.export(seed: UInt64(seed), count: 3).utf8)
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 4 {
        case 0: bytes.removeSubrange(at...)
        case 1: bytes.insert(bytes[at], at: at)
        case 2: bytes[at] = [UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "1")][Int(random.next() % 4)]
        default: bytes.remove(at: at)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(Self.outcome { try reader.read(text, source: "tw.json") } == Self.outcome { try reader.readParsed(text, source: "tw.json") },
                "seed \(seed)")
    }

    /// CRLF line ends (an export saved on Windows) read as the lines they are.
    @Test func crlfLinesAreLines() throws {
        let text = #"{"uuid":"0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","description":"A"}"# + "\r\n"
            + #"{"uuid":"1b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","description":"B"}"# + "\r\n"
        let read = try reader.read(text, source: "tw.json")
        #expect(read.records.tasks.map(\.title) == ["A", "B"])
        #expect(read.locations["1b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b"] == "line 2")
    }

    /// A field over the 1 MiB cap (a 2 MB description, 2 MB of annotations with escapes in them) costs
    /// its task alone, with one line naming the task and the cap; the rest imports, both readings alike.
    @Test func aFieldOverTheCapRefusesItsTaskAlone() throws {
        let long = String(repeating: "word \\\"quoted\\\" ", count: 140_000)
        let text = #"{"uuid":"0b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","description":"A"}"# + "\n"
            + #"{"uuid":"1b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","description":""# + long + #""}"# + "\n"
            + #"{"uuid":"2b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","description":"C","annotations":[{"description":""# + long + #""}]}"# + "\n"
            + #"{"uuid":"3b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b","description":"D"}"# + "\n"
        let fast = Self.outcome { try reader.read(text, source: "tw.json") }
        #expect(fast.tasks.map(\.title) == ["A", "D"])
        #expect(fast.warnings.count == 2)
        #expect(fast.warnings.first?.hasPrefix("line 2: task 1b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b not imported: its description is 2.") == true, "\(fast.warnings)")
        #expect(fast.warnings.allSatisfy { $0.hasSuffix("MB, over the 1 MB limit for one field; shorten it in Taskwarrior and import again") })
        #expect(fast.warnings.last?.hasPrefix("line 3: task 2b0e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b not imported: its annotations is") == true)
        #expect(fast == Self.outcome { try reader.readParsed(text, source: "tw.json") })
    }
}
