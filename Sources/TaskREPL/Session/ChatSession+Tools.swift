import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// Runs one typed call and shows its result; remembers how to undo it.
    ///
    /// A title that matches several tasks shows the candidates and asks which one (by id).
    /// - Returns: the result as the JSON doors see it (what a model is told); a malformed call or a
    ///   storage failure is reported and returned as `{"ok": false, "error": …}`.
    @discardableResult
    func runTool<T: Tool>(_ call: T, quiet: Bool = false) -> JSONValue {
        let outcome: ToolOutcome<T.Output>
        do {
            outcome = try toolkit.run(call)
        } catch {
            fail("\(error)")
            return ["ok": false, "error": .string("\(error)")]
        }
        switch outcome {
        case .refused(let refusal) where !refusal.openSubtasks.isEmpty && call is CompleteTask:
            if let withSubtasks = RefusalFollowUp(session: self).completeWithSubtasks(refusal, for: call) { return runTool(withSubtasks, quiet: quiet) }
        case .refused(let refusal):
            if let retargeted = RefusalFollowUp(session: self).pickCandidate(refusal, for: call) { return runTool(retargeted, quiet: quiet) }
        case .done(let output):
            if !T.definition.readOnly { undoLog.record(call.undo(after: output)) }
            if let task = output.focusTask { recentTask = task }
            if !quiet { for line in renderer.lines(for: output, format: toolkit.format) { self.output.line(line) } }
        }
        return outcome.json(toolkit.format)
    }
}
