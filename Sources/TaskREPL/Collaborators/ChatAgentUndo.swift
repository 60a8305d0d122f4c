import Foundation
import TaskAgent
import TaskCore
import TaskToolkit

/// `/agent undo NAME since T [dry-run]`: the command line's `tasker agent undo` in the chat, through
/// the same `AgentUndo` (T as `--since` reads it: 2h, today, 2026-12-05T09:00).
enum ChatAgentUndo {
    static let usage = "/agent undo NAME since T [dry-run] — T is an age (2h), a phrase (today) or ISO 8601"

    static func command(_ argument: String, toolkit: TaskToolkit, console: ChatConsole) throws {
        var words = argument.split(separator: " ").map(String.init)
        guard words.first?.lowercased() == "undo", words.count >= 3 else { throw REPLError.usage(usage) }
        words.removeFirst()
        let name = words.removeFirst()
        if words.first?.lowercased() == "since" { words.removeFirst() }
        let dryRun = ["dry-run", "--dry-run"].contains(words.last?.lowercased() ?? "")
        if dryRun { words.removeLast() }
        guard !words.isEmpty else { throw REPLError.usage(usage) }
        let undo = AgentUndo(toolkit: toolkit)
        let report = try undo.run(agent: name, since: words.joined(separator: " "), dryRun: dryRun)
        for line in undo.lines(report) { console.line(TerminalText.sanitized(line)) }
    }
}
