import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let version = try TaskerBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("tasker "))
        let help = try TaskerBinary.run(["--help"])
        #expect(help.status == 0)
        for command in ["parse", "call", "tools", "mcp", "key"] { #expect(help.stdout.contains("  \(command) ")) }
    }

    @Test func unknownCommandIsUsageError() throws {
        let result = try TaskerBinary.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'frobnicate'"))
        #expect(result.stdout.isEmpty)
    }

    @Test func posixTZFromTheEnvironmentWorksButABadTzOptionIsAUsageError() throws {
        for tz in ["UTC0", ":/etc/localtime", "CET-1CEST"] {
            let result = try TaskerBinary.run(["tools"], environment: ["TZ": tz])
            #expect(result.status == 0, "TZ=\(tz): \(result.stderr)")
        }
        let bad = try TaskerBinary.run(["--tz", "Mars/Olympus", "tools"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown time zone 'Mars/Olympus'"))
    }

    @Test func aDatabaseFolderThatCannotBeCreatedIsOneClearLine() throws {
        let result = try TaskerBinary.run(["--db", "/proc/no-such-dir/tasks.sqlite", "call", "list_tasks"])
        #expect(result.status == 1)
        #expect(result.stderr == "tasker: cannot create the folder /proc/no-such-dir for the database; create it yourself or pass another file with --db\n")
    }

    @Test func helpAfterDoubleDashIsText() throws {
        let result = try TaskerBinary.run(["parse", "--json", "--", "-h"], environment: ["TASKER_NOW": "2026-12-02T10:30"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"title\":\"-h\""))
    }
}
