import Foundation
import Testing
import TaskerTestSupport
@testable import TaskREPL

/// docs/CHAT.md lists the slash commands `/help` lists: the same names, in the same order (issue 44).
@Suite struct ChatHelpDocTests {
    @Test func chatMDListsEverySlashCommandInHelpOrder() throws {
        let page = try String(contentsOf: FixtureFile.repositoryRoot.appendingPathComponent("docs/CHAT.md"), encoding: .utf8)
        let start = try #require(page.range(of: "`/help` lists the slash commands ("))
        let end = try #require(page[start.upperBound...].range(of: ")."))
        let listed = page[start.upperBound..<end.lowerBound].components(separatedBy: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "`/")) }
        #expect(listed == ChatCommands.all.map(\.name))
    }
}
