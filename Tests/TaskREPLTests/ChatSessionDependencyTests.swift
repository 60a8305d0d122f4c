import Foundation
import Testing
import TaskerTestSupport

/// The chat's parts stand alone (issue 44): no type in TaskREPL but the session itself takes, holds
/// or is handed a `ChatSession` — each gets the narrow parts it uses (`ChatConsole`, `ChatTools`,
/// `ChatHandoff`, `ChatMode`, values) — and the session hands itself to no one, so a turn can be
/// built with fakes (`ChatTurnsTests`). A source scan, so the shape cannot quietly come back.
@Suite struct ChatSessionDependencyTests {
    static let sources = FixtureFile.repositoryRoot.appendingPathComponent("Sources/TaskREPL")

    /// Each Swift file below Sources/TaskREPL: its path (relative) and text.
    static func files() throws -> [(path: String, text: String)] {
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        let prefix = sources.standardizedFileURL.path + "/"
        var found: [(String, String)] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            found.append((String(url.standardizedFileURL.path.dropFirst(prefix.count)), try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// A file of the session itself: `ChatSession.swift` or an extension file `ChatSession+….swift`.
    static func isSession(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name == "ChatSession.swift" || name.hasPrefix("ChatSession+")
    }

    /// The code of each line (comments dropped), numbered from 1.
    static func code(_ text: String) -> [(Int, String)] {
        text.components(separatedBy: "\n").enumerated().map { index, line in
            (index + 1, line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line)
        }
    }

    /// The lines of a file that is not the session's and names `ChatSession` in code.
    static func namingTheSession(_ text: String) -> [Int] {
        code(text).filter { _, line in line.range(of: #"\bChatSession\b"#, options: .regularExpression) != nil }.map(\.0)
    }

    /// The lines of the session's own file that hand `self` to something: an argument (`(self`,
    /// `, self`, `: self`), a capture list (`[unowned self]`) or a one-line closure using `self.`.
    static func handingItselfOn(_ text: String) -> [Int] {
        let patterns = [#"[(,:]\s*self\b(?!\.)"#, #"\[\s*(weak\s+|unowned\s+)?self\s*\]"#, #"\{[^}]*\bself\."#]
        return code(text).filter { _, line in
            patterns.contains { line.range(of: $0, options: .regularExpression) != nil }
        }.map(\.0)
    }

    @Test func noPartOfTheChatTakesTheSession() throws {
        let files = try Self.files()
        #expect(files.count > 50, "the walk found TaskREPL's sources")
        let offenders = files.filter { !Self.isSession($0.path) }.flatMap { file in
            Self.namingTheSession(file.text).map { "\(file.path):\($0)" }
        }
        #expect(offenders.isEmpty, "these take, hold or name ChatSession; give them the narrow part they use instead: \(offenders)")
    }

    @Test func theSessionHandsItselfToNoOne() throws {
        let session = try Self.files().filter { Self.isSession($0.path) }
        #expect(!session.isEmpty)
        let offenders = session.flatMap { file in Self.handingItselfOn(file.text).map { "\(file.path):\($0)" } }
        #expect(offenders.isEmpty, "the session hands itself on here; pass the part instead: \(offenders)")
    }

    /// The scans catch what they are for (and a comment that names the session is not code).
    @Test func theScansFindWhatTheyLookFor() {
        #expect(Self.namingTheSession("struct RuleTurn {\n    let session: ChatSession\n}") == [2])
        #expect(Self.namingTheSession("var run: (ChatSession, String) -> Void") == [1])
        #expect(Self.namingTheSession("/// Built by `ChatSession` per line.\nstruct ChatTurns {}").isEmpty)
        #expect(Self.namingTheSession("let x = ChatSessionTests()").isEmpty)
        #expect(Self.handingItselfOn("RuleTurn(session: self).run()") == [1])
        #expect(Self.handingItselfOn("editor.completion = { [unowned self] in complete($0) }") == [1])
        #expect(Self.handingItselfOn("hook = { self.handle($0) }") == [1])
        #expect(Self.handingItselfOn("self.mode = mode\nlet p = OpenTaskProbe(toolkit)") .isEmpty)
    }

    /// No file of the chat grows past 300 lines (the session was 323 before issue 44).
    @Test func noChatFileIsLong() throws {
        let long = try Self.files().map { ($0.path, $0.text.components(separatedBy: "\n").count - 1) }.filter { $0.1 > 300 }
        #expect(long.isEmpty, "split these by concern: \(long)")
    }
}
