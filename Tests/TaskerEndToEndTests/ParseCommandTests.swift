import Foundation
import TaskCore
import Testing
import TaskerTestSupport

/// `tasker parse` through the real binary.
@Suite struct ParseCommandTests {
    static let clock = ["--now", "2026-12-02T10:30", "--tz", "Europe/London"]

    @Test func jsonForTheSeedSentence() throws {
        let result = try TaskerBinary.run(["parse", "--json"] + Self.clock + ["call", "mom", "tomorrow", "5pm", "#family", "!high", "~15m"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue.parse(result.stdout)
        let expected: JSONValue = [
            "title": "Call mom", "due": "2026-12-03T17:00:00+00:00", "priority": "high", "estimateMinutes": 15,
            "energy": nil, "contexts": ["family"], "kind": "call", "recurrence": nil, "deferUntil": nil,
            "understood": ["High", "≈15 min", "#family", "Tomorrow, 5:00 PM", "Call"],
        ]
        #expect(json == expected)
    }

    @Test func standardInputGivesOneJSONObjectPerLine() throws {
        let input = "pay rent by jun 1 urgent\n\nbuy 5 apples at 5\nstandup every weekday 9:15am ~15m #work\n"
        let result = try TaskerBinary.run(["parse", "--json", "-"] + Self.clock, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "the blank line gets an answer too")
        let objects = try lines.map { try JSONValue.parse($0) }
        #expect(objects.map { $0["title"] } == ["Pay rent", "", "Buy 5 apples", "Standup"])
        #expect(objects[1]["understood"] == [])
        #expect(objects[0]["due"] == "2027-06-01T09:00:00+01:00")
        #expect(objects[2]["due"] == "2026-12-02T17:00:00+00:00")
        #expect(objects[3]["recurrence"]?["weekdays"] == ["mon", "tue", "wed", "thu", "fri"])
    }

    /// A pipe full of lines is parsed in batches split across the cores; the answers are the same,
    /// in the same order, as for batches too small to split (runs of 100 lines).
    @Test func linesParsedInParallelAnswerAsOneByOne() throws {
        let phrases = try String(contentsOf: FixtureFile.url("bench/phrases.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        var random = SeededRandom(seed: 13)
        var lines: [String] = []
        for index in 0..<3_000 {
            switch index % 7 {
            case 0: lines.append(random.unicodeString(maxLength: 30))
            case 1: lines.append("call bob and email alice \(phrases[index % phrases.count])")
            case 2: lines.append("")
            default: lines.append(phrases[Int(random.next() % UInt64(phrases.count))])
            }
        }
        var bytes = Data()
        for (index, line) in lines.enumerated() {
            bytes += Data(line.utf8)
            if index == 1_700 { bytes += Data([0xFF]) }  // one line that is not UTF-8
            bytes += Data([0x0A])
        }
        let whole = try TaskerBinary.run(["parse", "--json", "-"] + Self.clock, input: bytes)
        #expect(whole.status == 2, "the line that is not UTF-8 makes the status 2")
        var pieces = ""
        var start = bytes.startIndex
        var count = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            count += 1
            guard count % 100 == 0 || index == bytes.index(before: bytes.endIndex) else { continue }
            let piece = try TaskerBinary.run(["parse", "--json", "-"] + Self.clock, input: bytes[start...index])
            pieces += piece.stdout
            start = bytes.index(after: index)
        }
        let wholeLines = whole.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(wholeLines.count == lines.count + 1)
        #expect(whole.stdout.contains(#""line":1701"#), "the bad line is named by its number")
        // The runs of 100 number their lines from 1, so compare everything but that one error.
        let strip = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix(#"{"error""#) } }
        #expect(strip(whole.stdout) == strip(pieces))
    }

    /// A script that writes a line and waits for its answer gets it before tasker waits for the next.
    @Test func eachLineIsAnsweredBeforeTheNextIsRead() throws {
        let process = Process()
        process.executableURL = TaskerBinary.url
        process.arguments = ["parse", "--json", "-"] + Self.clock
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = output.fileHandleForReading
        for (line, title) in [("call mom tomorrow", "Call mom"), ("buy milk", "Buy milk"), ("pay rent friday", "Pay rent")] {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
            var answer = Data()
            let deadline = Date().addingTimeInterval(10)
            while !answer.contains(0x0A) && Date() < deadline {
                var poller = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                answer += reader.availableData
            }
            #expect(answer.last == 0x0A, "no answer to '\(line)' while tasker waited for the next line")
            #expect(try JSONValue.parse(String(decoding: answer, as: UTF8.self))["title"] == .string(title))
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func readableSummaryShowsTitleFieldsAndChips() throws {
        let result = try TaskerBinary.run(["parse"] + Self.clock + ["remind me to buy milk tonight #errands"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Buy milk")
        #expect(result.stdout.contains("2026-12-02T19:00:00+00:00"))
        #expect(result.stdout.contains("kind:") && result.stdout.contains("errand"))
        #expect(result.stdout.contains("[#errands] [Today, 7:00 PM] [Errand]"))
    }

    @Test func theClockComesFromTheEnvironmentToo() throws {
        let result = try TaskerBinary.run(["parse", "--json", "at", "9am"], environment: ["TASKER_NOW": "2026-12-02T10:30", "TZ": "America/New_York"])
        #expect(try JSONValue.parse(result.stdout)["due"] == "2026-12-03T09:00:00-05:00")
    }

    @Test func textAfterDoubleDashMayStartWithADash() throws {
        let result = try TaskerBinary.run(["parse", "--json"] + Self.clock + ["--", "-5", "degrees", "friday"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONValue.parse(result.stdout)["title"] == "-5 degrees")
    }

    @Test(arguments: [["parse"], ["parse", "--json"], ["parse", "--bogus", "x"], ["parse", "-", "words"], ["parse", "-x"]])
    func badUsageExitsTwo(arguments: [String]) throws {
        let result = try TaskerBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tasker: parse:"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpExplainsTheCommand() throws {
        let result = try TaskerBinary.run(["parse", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: tasker parse [--json] [--refine] TEXT…"))
        #expect(result.stdout.contains("JSON Lines"))
    }
}
