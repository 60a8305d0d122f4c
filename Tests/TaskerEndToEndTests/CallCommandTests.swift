import Foundation
import Testing
import TaskerTestSupport

/// `tasker call` and `tasker tools` through the real binary: exit codes, stderr lines, batch mode,
/// two writers at once, a writer killed mid-batch, and files that are not databases.
@Suite struct CallCommandTests {
    let directory = TemporaryDirectory("e2e")
    var db: String { directory.path("tasks.sqlite") }
    let clock = ["TASKER_NOW": "2026-12-02T10:30", "TZ": "Europe/London"]

    func call(_ arguments: [String], stdin: String = "") throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db, "call"] + arguments, stdin: stdin, environment: clock)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func count(filter: String = "all") throws -> Int {
        let result = try call(["list_tasks", "{\"filter\": \"\(filter)\", \"limit\": 1000}"])
        #expect(result.status == 0, "\(result.stderr)")
        return try json(result.stdout)["count"] as? Int ?? -1
    }

    @Test func captureThenListFromTheShell() throws {
        let created = try call(["capture_task", "{\"text\": \"call mom tomorrow 5pm #family !high\"}"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stderr.isEmpty)
        let task = try #require(try json(created.stdout)["task"] as? [String: Any])
        #expect(task["title"] as? String == "Call mom")
        let fromStdin = try call(["create_task"], stdin: "{\"title\": \"Second\"}\n")
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(try count() == 2)
    }

    @Test(arguments: [
        (["create_task", "{\"title\": "], "invalid JSON"),
        (["create_task", "[1, 2]"], "must be an object"),
        (["no_such_tool", "{}"], "unknown tool 'no_such_tool'"),
        (["create_task", "{\"title\": 42}"], "argument 'title' must be a string"),
        (["create_task", "{}"], "missing required argument 'title'"),
        (["list_tasks", "{\"filter\": \"soon\"}"], "must be one of"),
        (["create_task", "{\"title\": \"x\", \"due\": \"2026-02-30\"}"], "could not read due"),
        ([], "call needs a tool name"),
    ])
    func malformedCallsExitTwoWithOneLine(arguments: [String], message: String) throws {
        let result = try call(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// The review, streak and template tools reach the shell through `tasker call` with no command of their own.
    @Test func reviewStreaksAndTemplatesFromTheShell() throws {
        _ = try call(["create_task", "{\"title\": \"Old thing\", \"due\": \"2026-11-30\"}"])
        let review = try call(["review", "{}"])
        #expect(review.status == 0, "\(review.stderr)")
        let slipped = try #require(try json(review.stdout)["slipped"] as? [String: Any])
        #expect(slipped["count"] as? Int == 1)
        let streaks = try call(["streaks", "{}"])
        #expect(streaks.status == 0, "\(streaks.stderr)")
        #expect(try json(streaks.stdout)["day_start"] as? String == "04:00")
        let applied = try call(["apply_template", "{\"name\": \"new project\", \"date\": \"friday\", \"project\": \"Shed\"}"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(try json(applied.stdout)["anchor"] as? String == "2026-12-04")
        let bad = try call(["streaks", "{\"day_start\": \"4am\"}"])
        #expect(bad.status == 2 && bad.stderr.contains("day_start"))
    }

    @Test func noMatchIsOkFalseWithExitZero() throws {
        let result = try call(["complete_task", "{\"id\": 4242}"])
        #expect(result.status == 0)
        #expect(try json(result.stdout)["ok"] as? Bool == false)
        let byTitle = try call(["complete_task", "{\"title\": \"nothing like this\"}"])
        #expect(byTitle.status == 0)
        #expect(try json(byTitle.stdout)["ok"] as? Bool == false)
    }

    @Test func batchGivesOneResultPerLineAndReportsBadLines() throws {
        let input = "{\"title\": \"A\"}\n{\"title\": 5}\n\n{\"title\": \"B\"}\nnot json\n"
        let result = try call(["create_task", "--batch"], stdin: input)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(try json(lines[0])["ok"] as? Bool == true)
        #expect(try json(lines[1])["ok"] as? Bool == false)
        #expect(try json(lines[1])["line"] as? Int == 2)
        #expect(try json(lines[2])["ok"] as? Bool == true)
        #expect(try json(lines[3])["line"] as? Int == 5)
        #expect(try count() == 2)
    }

    @Test func twoWritersAtOnceLoseNothing() throws {
        _ = try call(["list_tasks"])  // create and bootstrap first
        let lines = (0..<1000).map { "{\"title\": \"task \($0)\"}" }.joined(separator: "\n") + "\n"
        let processes = try (0..<2).map { writer -> (Process, Pipe) in
            let (process, input, output) = try startBatchWriter(stderr: FileHandle.nullDevice)
            DispatchQueue.global().async {
                input.fileHandleForWriting.write(Data(lines.replacingOccurrences(of: "task ", with: "w\(writer) task ").utf8))
                try? input.fileHandleForWriting.close()
            }
            return (process, output)
        }
        for (process, output) in processes {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let results = text.split(separator: "\n")
            #expect(results.count == 1000)
            #expect(results.allSatisfy { $0.contains("\"ok\":true") })
        }
        let all = try call(["list_tasks", "{\"filter\": \"all\", \"limit\": 1000}"])
        #expect(try json(all.stdout)["count"] as? Int == 1000)  // the limit caps the list …
        let sqlite = try countRows()
        #expect(sqlite == 2000)  // … the table has every row
    }

    @Test func writerKilledMidBatchLosesNoCommittedTask() throws {
        _ = try call(["list_tasks"])
        let (process, input, output) = try startBatchWriter()
        var confirmed: [Int] = []
        var buffer = Data()
        var sent = 0
        while confirmed.count < 300 {
            let chunk = (0..<50).map { "{\"title\": \"item \(sent + $0)\"}\n" }.joined()
            sent += 50
            input.fileHandleForWriting.write(Data(chunk.utf8))
            while confirmed.count < sent - 10 {
                buffer.append(output.fileHandleForReading.availableData)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    if let id = (try json(line)["task"] as? [String: Any])?["id"] as? Int { confirmed.append(id) }
                }
            }
        }
        // More work in flight, then SIGKILL with no chance to clean up.
        input.fileHandleForWriting.write(Data((0..<500).map { "{\"title\": \"late \($0)\"}\n" }.joined().utf8))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let after = try call(["list_tasks", "{\"filter\": \"all\", \"limit\": 1000}"])
        #expect(after.status == 0, "the database must open cleanly: \(after.stderr)")
        let ids = Set(((try json(after.stdout)["tasks"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int })
        let lost = confirmed.filter { !ids.contains($0) }
        #expect(lost.isEmpty, "lost committed tasks: \(lost.prefix(10))")
        #expect(try countRows() >= confirmed.count)
    }

    @Test func aFileThatIsNotADatabaseIsLeftUntouched() throws {
        let path = directory.path("notes.txt")
        let content = Data("my precious notes, not a database\n".utf8 + Data(repeating: 7, count: 5000))
        try content.write(to: URL(fileURLWithPath: path))
        let result = try TaskerBinary.run(["--db", path, "call", "list_tasks"], environment: clock)
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a Tasker database"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aReadOnlyDatabaseGivesAClearErrorAndIsLeftUntouched() throws {
        _ = try call(["create_task", "{\"title\": \"keep me\"}"])
        // root ignores file modes, so as root the file is made immutable instead (chattr +i).
        let asRoot = getuid() == 0
        if asRoot {
            #expect(try shell("/usr/bin/chattr", ["+i", db]) == 0, "chattr +i must work to test this as root")
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        }
        defer { if asRoot { _ = try? shell("/usr/bin/chattr", ["-i", db]) } }
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try call(["create_task", "{\"title\": \"x\"}"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot be written"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    func shell(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func toolsListsThirtyOneAndJsonHasSchemas() throws {
        let text = try TaskerBinary.run(["tools"])
        #expect(text.status == 0)
        let json = try TaskerBinary.run(["tools", "--json"])
        let array = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 34)
        #expect(array.allSatisfy { ($0["inputSchema"] as? [String: Any])?["type"] as? String == "object" })
    }

    /// Starts `tasker call create_task --batch` on this database, with pipes for its stdin and stdout.
    func startBatchWriter(stderr: FileHandle? = nil) throws -> (Process, input: Pipe, output: Pipe) {
        let process = Process()
        process.executableURL = TaskerBinary.url
        process.arguments = ["--db", db, "call", "create_task", "--batch"]
        process.environment = ["HOME": directory.path, "TZ": "Europe/London", "PATH": "/usr/bin:/bin"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        if let stderr { process.standardError = stderr }
        try process.run()
        return (process, input, output)
    }

    /// Counts the rows of the tasks table directly (`list_tasks` caps at 1,000), with Python's sqlite3
    /// module, which the CI image always has.
    func countRows() throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from tasks').fetchone()[0])", db]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        return Int(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
