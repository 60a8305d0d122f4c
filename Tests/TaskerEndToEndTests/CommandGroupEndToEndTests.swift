import Testing
import TaskerTestSupport

/// `tasker agent undo --help` shows undo's options only; another action's option is one line, exit 2.
@Suite struct CommandGroupEndToEndTests {
    let directory = TemporaryDirectory("groups")

    @Test func anActionsHelpIsItsOwn() throws {
        let help = try TaskerBinary.run(["agent", "undo", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: tasker agent undo [--since T] [--dry-run] NAME"))
        #expect(!help.stdout.contains("--scopes") && !help.stdout.contains("--until"))
        let group = try TaskerBinary.run(["agent", "--help"])
        #expect(group.status == 0)
        #expect(group.stdout.contains("tasker agent add [--scopes LIST] [--expires AGE] NAME") && group.stdout.contains("tasker agent undo [--since T] [--dry-run] NAME"))
    }

    @Test func anotherActionsOptionIsOneLineAndExitTwo() throws {
        let db = directory.path("t.sqlite")
        let refused = try TaskerBinary.run(["--db", db, "agent", "undo", "claude", "--since", "2h", "--scopes", "read"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "tasker: --scopes is an option of agent add, not of agent undo; run `tasker agent undo --help`\n")
        let missing = try TaskerBinary.run(["--db", db, "crypto"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "tasker: crypto takes enable, status, rotate, export-key or import-key; run `tasker crypto --help`\n")
    }
}
