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
}
