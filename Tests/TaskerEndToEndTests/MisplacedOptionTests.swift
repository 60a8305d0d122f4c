import Testing
import TaskerTestSupport

/// An option written before its command's name is refused naming that command, not the chat (issue 44).
@Suite struct MisplacedOptionTests {
    let directory = TemporaryDirectory("misplaced")

    @Test func anOptionBeforeTheCommandNamesTheCommandAndTheLineToRun() throws {
        let result = try TaskerBinary.run(["--db", directory.path("t.sqlite"), "--json", "today"])
        #expect(result.status == 2)
        #expect(result.stderr == "tasker: --json is an option of today, not of tasker: write it after the command (tasker today --db \(directory.path("t.sqlite")) --json)\n")
        #expect(!result.stderr.contains("chat"))
    }

    @Test func theChatsOwnOptionStillOpensTheChat() throws {
        let result = try TaskerBinary.run(["--db", directory.path("t.sqlite"), "--offline"], stdin: "")
        #expect(result.status == 0, "\(result.stderr)")
    }
}
