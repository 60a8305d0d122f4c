import Foundation
import TaskCore
import TaskStore
import Testing
import TaskerTestSupport

/// The promises an adversarial run found broken (issue 9), each through the real binary: exact text
/// with NUL, strict UTF-8 at every door, line-for-line `parse -`, foreign files left untouched,
/// re-runnable batches, and a quiet MCP exit when the client goes away.
@Suite struct HardeningTests {
    let directory = TemporaryDirectory("e2e")
    var db: String { directory.path("tasks.sqlite") }
    let clock = ["TASKER_NOW": "2026-12-02T10:30", "TZ": "Europe/London"]

    func call(_ arguments: [String], stdin: String = "") throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db, "call"] + arguments, stdin: stdin, environment: clock)
    }

    func storedTasks() throws -> [TaskItem] {
        try Tasks(TaskStore(path: db)).tasks(TaskQuery(filter: .all, limit: 1_000_000))
    }

    // MARK: 1. NUL

    @Test func nulIsStoredNotTruncated() throws {
        let created = try call(["create_task", #"{"title":"before\u0000after","notes":"n1\u0000n2"}"#])
        #expect(created.status == 0, "\(created.stderr)")
        let task = try #require(try storedTasks().first)
        #expect(Array(task.title.utf8) == Array("before\u{0}after".utf8))
        #expect(task.notes.map { Array($0.utf8) } == Array("n1\u{0}n2".utf8))
        let page = try call(["create_page", #"{"title":"P","body":"a\u0000b"}"#])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(try Pages(TaskStore(path: db)).pages().first?.body == "a\u{0}b")
        // Names are identifiers: a control character in one is refused, not mistaken for a duplicate.
        #expect(try call(["create_project", #"{"name":"Proj A"}"#]).status == 0)
        let second = try call(["create_project", #"{"name":"Proj\u0000B"}"#])
        #expect(second.stdout.contains(#""ok":false"#) && second.stdout.contains("control characters"), "\(second.stdout)")
        #expect(!second.stdout.contains("already exists"))
    }

    // MARK: 2. Invalid UTF-8

    /// Bytes that are not UTF-8: a stray byte, an overlong NUL, an encoded surrogate, a truncated
    /// sequence, a code point above U+10FFFF.
    static let invalidBytes: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]]

    @Test(arguments: invalidBytes) func invalidUTF8OnStdinIsRefused(bytes: [UInt8]) throws {
        let input = Data(#"{"title":"a"#.utf8) + Data(bytes) + Data(#"b"}"#.utf8)
        let result = try TaskerBinary.run(["--db", db, "call", "create_task", "-"], input: input, environment: clock)
        #expect(result.status == 2)
        #expect(result.stderr.contains("not valid UTF-8"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try storedTasks().isEmpty)
    }

    @Test(arguments: invalidBytes) func invalidUTF8AsAnArgumentIsRefused(bytes: [UInt8]) throws {
        let escaped = bytes.map { String(format: "\\%03o", $0) }.joined()
        let result = try TaskerBinary.shell(
            #"exec "$TASKER" --db "$DB" call create_task "$(printf '{"title":"a\#(escaped)b"}')""#,
            environment: clock.merging(["DB": db]) { a, _ in a })
        #expect(result.status == 2)
        #expect(result.stderr.contains("argument 5 is not valid UTF-8"), "\(result.stderr)")
        #expect(try storedTasks().isEmpty)
    }

    @Test func invalidUTF8LineInABatchIsReportedAndTheRestRuns() throws {
        let input = Data("{\"title\":\"one\"}\n{\"title\":\"t\u{7f}".utf8) + Data([0xFF]) + Data("\"}\n{\"title\":\"three\"}\n".utf8)
        let result = try TaskerBinary.run(["--db", db, "call", "create_task", "--batch"], input: input, environment: clock)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains("\"line\":2") && lines[1].contains("not valid UTF-8"), "\(lines)")
        #expect(try storedTasks().map(\.title) == ["one", "three"])
    }

    // MARK: 4. parse - answers line for line

    @Test func parseAnswersEveryLineAndOnlyAtNewline() throws {
        let breaks = ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        var lines = breaks.map { "buy milk\($0)tomorrow" }
        lines += ["", "   ", "call mom\r"]
        let bytes = Data(lines.joined(separator: "\n").utf8) + Data([0x0A, 0xFF, 0x0A]) + Data("last line without newline".utf8)
        let result = try TaskerBinary.run(["parse", "--json", "-"], input: bytes, environment: clock)
        let out = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(out.count == lines.count + 2, "\(result.stdout)")
        #expect(result.status == 2, "the line that is not UTF-8 makes the status 2")
        let objects = try out.map { try JSONValue.parse(String($0)) }
        #expect(objects[lines.count]["line"] == .int(lines.count + 1))
        #expect(objects[lines.count - 1]["title"] == "Call mom", "a CR before the newline is dropped")
        #expect(objects.last?["title"] == "Last line without newline")
    }

    @Test func parseOfAHundredThousandRandomLinesKeepsTheCount() throws {
        var random = SeededRandom(seed: 9)
        let breaks: [Character] = ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        var text = ""
        text.reserveCapacity(8_000_000)
        let count = 100_000
        for index in 0..<count {
            switch random.next() % 10 {
            case 0: break  // blank line
            case 1: text += "call mom" + String(breaks[Int(random.next() % 6)]) + "friday 5pm"
            default: text += random.unicodeString(maxLength: 40)
            }
            if index == 50_000 { text += String(repeating: "long line ", count: 104_858) }  // 1 MiB
            text += "\n"
        }
        let result = try TaskerBinary.run(["parse", "--json", "-"], stdin: text, environment: clock)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stdout.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } == count)
    }

    // MARK: 5–7. Files that are not Tasker's

    func sqlite(_ path: String, _ sql: String) throws {
        let made = try TaskerBinary.shell(#"exec python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()' "$P" "$S""#,
            environment: ["P": path, "S": sql])
        #expect(made.status == 0, "python3's sqlite3 is needed to make a foreign database: \(made.stderr)")
    }

    @Test(arguments: [
        "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers(name) VALUES ('Ada');",
        "CREATE TABLE tasks(id INTEGER PRIMARY KEY, what TEXT); INSERT INTO tasks(what) VALUES ('theirs');",
    ])
    func foreignDatabaseIsRefusedAndLeftByteIdentical(sql: String) throws {
        let path = directory.path("theirs.db")
        try sqlite(path, sql)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try TaskerBinary.run(["--db", path, "call", "list_tasks"], environment: clock)
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("not Tasker's"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func fifoIsRefusedAtOnce() throws {
        let path = directory.path("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        // `timeout` turns a hang into status 124 instead of a test that never ends.
        let result = try TaskerBinary.shell(#"exec timeout 20 "$TASKER" --db "$P" call list_tasks"#, environment: ["P": path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("FIFO"))
    }

    @Test func danglingSymlinkSaysSo() throws {
        let path = directory.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/nonexistent-tasker/tasks.sqlite")
        let result = try TaskerBinary.run(["--db", path, "call", "list_tasks"], environment: clock)
        #expect(result.status == 1)
        #expect(result.stderr.contains("symbolic link to /nonexistent-tasker/tasks.sqlite, which does not exist"), "\(result.stderr)")
        #expect(!result.stderr.contains("read-only"))
    }

    // MARK: Re-runnable batches

    @Test func batchWithClientIDsCanBeRunTwice() throws {
        let input = (1...700).map { #"{"title":"Task \#($0)","client_id":"import-\#($0)"}"# }.joined(separator: "\n") + "\n"
        let first = try TaskerBinary.run(["--db", db, "call", "create_task", "--batch"], stdin: input, environment: clock)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try TaskerBinary.run(["--db", db, "call", "create_task", "--batch"], stdin: input, environment: clock)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try storedTasks().count == 700)
        let ids = { (text: String) in try text.split(separator: "\n").map { try JSONValue.parse(String($0))["task"]?["id"] } }
        #expect(try ids(first.stdout) == ids(second.stdout))
        #expect(second.stdout.split(separator: "\n").allSatisfy { $0.contains(#""replayed":true"#) })
        let clash = try call(["create_task", #"{"title":"Other","client_id":"import-1"}"#])
        #expect(clash.status == 2)
        #expect(clash.stderr.contains("already used"), "\(clash.stderr)")
    }

    // MARK: MCP client going away

    @Test func closedStdoutEndsMCPWithOneLine() throws {
        let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
        let result = try TaskerBinary.shell(
            #"(sleep 1; printf '%s\n' '\#(ping)') | "$TASKER" --db "$DB" mcp 2>"$ERR" | true; cat "$ERR""#,
            environment: ["DB": db, "ERR": directory.path("err")])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stdout)")
        #expect(result.stdout.contains("closed its end"))
        #expect(!result.stdout.contains("Error Domain"))
    }

    // MARK: Fuzz: exact text through create_task and MCP

    static let fuzzCount = 10_000

    /// The random titles and notes, with what each should store (nil: refused).
    func fuzzCases() -> [(json: String, title: String?, notes: String)] {
        var random = SeededRandom(seed: 42)
        var cases: [(String, String?, String)] = []
        for index in 0..<Self.fuzzCount {
            var title = random.unicodeString(maxLength: 60)
            if index % 2000 == 7 { title = String(repeating: "ü", count: 524_288) }  // 1 MiB
            let notes = random.unicodeString(maxLength: 80)
            var titleJSON = JSONValue.string(title).encoded()
            var expected: String? = title.trimmingCharacters(in: .whitespacesAndNewlines)
            if index % 500 == 3 {
                titleJSON = #""lone \ud800 surrogate""#
                expected = nil
            }
            if expected?.isEmpty == true { expected = nil }
            cases.append((#"{"title":\#(titleJSON),"notes":\#(JSONValue.string(notes).encoded())}"#, expected, notes))
        }
        return cases
    }

    @Test func fuzzedTextThroughCreateTaskComesBackIdentical() throws {
        let cases = fuzzCases()
        let input = cases.map(\.json).joined(separator: "\n") + "\n"
        let result = try TaskerBinary.run(["--db", db, "call", "create_task", "--batch"], stdin: input, environment: clock)
        #expect(result.status == 2, "some lines are refused: lone surrogates, blank titles")
        let stored = try storedTasks().sorted { $0.id.rawValue < $1.id.rawValue }
        let accepted = cases.filter { $0.title != nil }
        #expect(stored.count == accepted.count)
        for (task, wanted) in zip(stored, accepted) {
            #expect(Array(task.title.utf8) == Array(wanted.title!.utf8))
            #expect(Array((task.notes ?? "").utf8) == Array(wanted.notes.utf8))
        }
        let refusals = result.stdout.split(separator: "\n").filter { $0.contains(#""ok":false"#) }
        #expect(refusals.count == cases.count - accepted.count)
    }

    @Test func fuzzedTextThroughMCPComesBackIdentical() throws {
        let cases = fuzzCases()
        var lines = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ]
        for (index, c) in cases.enumerated() {
            lines.append(#"{"jsonrpc":"2.0","id":\#(index + 1),"method":"tools/call","params":{"name":"create_task","arguments":\#(c.json)}}"#)
        }
        let result = try TaskerBinary.run(["--db", db, "mcp"], stdin: lines.joined(separator: "\n") + "\n", environment: clock)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stdout.split(separator: "\n").count == cases.count + 1, "one reply per request")
        let stored = try storedTasks().sorted { $0.id.rawValue < $1.id.rawValue }
        let accepted = cases.filter { $0.title != nil }
        #expect(stored.count == accepted.count)
        for (task, wanted) in zip(stored, accepted) {
            #expect(Array(task.title.utf8) == Array(wanted.title!.utf8))
            #expect(Array((task.notes ?? "").utf8) == Array(wanted.notes.utf8))
        }
    }
}

extension SeededRandom {

    /// Letters, spaces, NUL and other controls, escapes, combining marks, RTL text and overrides,
    /// emoji, CJK, noncharacters and the last plane: everything but the newline (the line separator
    /// of the callers) and surrogates (not scalars).
    mutating func unicodeString(maxLength: Int) -> String {
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x00...0x1F, 0x7F...0x9F, 0x300...0x36F, 0x590...0x6FF, 0x200B...0x202E, 0x2066...0x2069,
            0x1F300...0x1F6FF, 0x4E00...0x9FFF, 0xFFF0...0xFFFF, 0x10FFF0...0x10FFFF, 0x20...0x20,
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int(next() % UInt64(maxLength + 1)) {
            let pool = pools[Int(next() % UInt64(pools.count))]
            let value = pool.lowerBound + UInt32(next() % UInt64(pool.upperBound - pool.lowerBound + 1))
            if value == 0x0A { continue }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
