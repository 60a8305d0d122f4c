import Foundation
import Testing
import TaskerTestSupport

/// Typing the key at a terminal, `tasker key set` and the chat's `/key set`: one hidden read, which
/// never shows the key and always gives the terminal back with echo on.
@Suite struct HiddenKeyEntryTests {
    static let secret = "sk-pty-secret-4c3b2a"

    /// This test's folder, removed after it.
    let directory = TemporaryDirectory("hidden-key")

    /// A fresh config home inside it.
    private func configHome() throws -> String { directory.folder(UUID().uuidString) }

    @Test func theTypedKeyIsNotEchoed() throws {
        let home = try configHome()
        let terminal = try PseudoTerminal(["key", "set"], environment: ["XDG_CONFIG_HOME": home])
        try terminal.waitFor("(input is hidden): ")
        #expect(!terminal.echoes, "echo is off while the key is typed")
        terminal.line(Self.secret)
        try terminal.waitFor("key saved to")
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.rawText.contains(Self.secret))
        #expect(!terminal.rawText.contains("sk-pty"), "not even part of it")
        #expect(try String(contentsOfFile: home + "/tasker/key", encoding: .utf8) == Self.secret + "\n")
        #expect(terminal.echoes, "echo is back on after")
    }

    @Test func backspaceEditsTheHiddenLine() throws {
        let home = try configHome()
        let terminal = try PseudoTerminal(["key", "set"], environment: ["XDG_CONFIG_HOME": home])
        try terminal.waitFor("(input is hidden): ")
        terminal.send("sk-abcX\u{7F}d\u{15}sk-typed-ok\r")
        #expect(try terminal.waitForExit() == 0)
        #expect(try String(contentsOfFile: home + "/tasker/key", encoding: .utf8) == "sk-typed-ok\n")
        #expect(!terminal.rawText.contains("sk-"))
    }

    @Test func ctrlCCancelsSavesNothingAndRestoresEcho() throws {
        let home = try configHome()
        let terminal = try PseudoTerminal(["key", "set"], environment: ["XDG_CONFIG_HOME": home])
        try terminal.waitFor("(input is hidden): ")
        terminal.send("sk-half-typed\u{3}")
        try terminal.waitFor("cancelled; no key was saved")
        #expect(try terminal.waitForExit() == 2)
        #expect(!FileManager.default.fileExists(atPath: home + "/tasker/key"))
        #expect(!terminal.rawText.contains("sk-half"))
        #expect(terminal.echoes, "echo is back on after Ctrl-C")
    }

    @Test func keysTypedBeforeTheQuestionAreNotTheKey() throws {
        let home = try configHome()
        // Typed before tasker even started: discarded, never part of the key.
        let terminal = try PseudoTerminal(["key", "set"], environment: ["XDG_CONFIG_HOME": home], typedAhead: "early")
        try terminal.waitFor("(input is hidden): ")
        terminal.line(Self.secret)
        #expect(try terminal.waitForExit() == 0)
        #expect(try String(contentsOfFile: home + "/tasker/key", encoding: .utf8) == Self.secret + "\n")
    }

    @Test func theChatsKeySetUsesTheSameHiddenRead() throws {
        let box = try REPLEndToEndTests.Sandbox()
        let terminal = try box.repl()
        terminal.line("/key set")
        try terminal.waitFor("Key (hidden): ")
        #expect(!terminal.echoes)
        terminal.line(Self.secret)
        try terminal.waitFor("Key saved.")
        try terminal.waitFor("Model on: ")
        try terminal.waitFor("tasker✦ ")  // the prompt of a session with a model
        terminal.line("/key set")
        try terminal.waitFor("Key (hidden): ")
        terminal.send("sk-dropped\u{3}")
        try terminal.waitFor("No key entered; nothing changed.")
        try terminal.waitFor("tasker✦ ")
        terminal.send("\u{4}")
        _ = try terminal.waitForExit()
        #expect(!terminal.rawText.contains(Self.secret))
        #expect(!terminal.rawText.contains("sk-dropped"))
        let keyFile = box.dir.path("config/tasker/key")
        #expect(try String(contentsOfFile: keyFile, encoding: .utf8) == Self.secret + "\n")
    }
}
