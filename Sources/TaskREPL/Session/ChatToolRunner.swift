import Foundation
import TaskCore
import TaskToolkit

/// The chat's `ChatTools`: runs a call through the toolkit, shows its result on the console,
/// records its undo, and follows a refusal up on the spot (`RefusalFollowUp`).
final class ChatToolRunner: ChatTools {
    let toolkit: TaskToolkit
    private let console: ChatConsole
    var undoLog = UndoLog()
    var recentTask: TaskID? { didSet { onFocus(recentTask != nil) } }
    /// Told whether a task is in focus whenever `recentTask` changes (the router's `OpenTaskProbe`).
    private let onFocus: (Bool) -> Void

    init(toolkit: TaskToolkit, console: ChatConsole, onFocus: @escaping (Bool) -> Void = { _ in }) {
        self.toolkit = toolkit
        self.console = console
        self.onFocus = onFocus
    }

    /// A title that matches several tasks shows the candidates and asks which one (by id).
    @discardableResult
    func runTool<T: Tool>(_ call: T, quiet: Bool) -> JSONValue {
        let outcome: ToolOutcome<T.Output>
        do {
            outcome = try toolkit.run(call)
        } catch {
            console.fail("\(error)")
            return ["ok": false, "error": .string("\(error)")]
        }
        switch outcome {
        case .refused(let refusal) where !refusal.openSubtasks.isEmpty && call is CompleteTask:
            if let withSubtasks = RefusalFollowUp(console: console).completeWithSubtasks(refusal, for: call) { return runTool(withSubtasks, quiet: quiet) }
        case .refused(let refusal):
            if let retargeted = RefusalFollowUp(console: console).pickCandidate(refusal, for: call) { return runTool(retargeted, quiet: quiet) }
        case .done(let output):
            if !T.definition.readOnly { undoLog.record(call.undo(after: output)) }
            if let task = output.focusTask { recentTask = task }
            if !quiet { for line in console.renderer.lines(for: output, format: toolkit.format) { console.line(line) } }
        }
        return outcome.json(toolkit.format)
    }
}
