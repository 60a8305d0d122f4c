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
            if let withSubtasks = completeWithSubtasks(refusal, for: call) { return runTool(withSubtasks, quiet: quiet) }
        case .refused(let refusal):
            if let retargeted = pickCandidate(refusal, for: call) { return runTool(retargeted, quiet: quiet) }
        case .done(let output):
            if !T.definition.readOnly { undoLog.record(call.undo(after: output)) }
            if let task = output.focusTask { recentTask = task }
            if !quiet { for line in renderer.lines(for: output, format: toolkit.format) { self.output.line(line) } }
        }
        return outcome.json(toolkit.format)
    }

    /// Shows a refusal; when a title matched several tasks, lists them and asks which one.
    /// - Returns: the call pointed at the task picked, or nil.
    func pickCandidate<T: Tool>(_ refusal: ToolRefusal, for call: T) -> T? {
        fail(refusal.message)
        guard var targeted = call as? any TaskTargeting, !refusal.candidates.isEmpty else { return nil }
        let tasks = refusal.candidates.compactMap { candidate -> TaskItem? in
            if case .task(let task) = candidate { return task }
            return nil
        }
        for line in renderer.taskList(tasks) { output.line(line) }
        guard let answer = ask("Which one? (id, Enter to skip) "), !answer.isEmpty else { return nil }
        guard case .id(let id) = TaskReference(answer) else {
            notice("Not an id; nothing changed.")
            return nil
        }
        targeted.target = .id(id)
        return targeted as? T
    }

    /// After "done X" was refused because X has open subtasks: asks whether to complete them too.
    /// - Returns: the call with `with_children`, or nil when the answer is no (or there is no one to ask).
    func completeWithSubtasks<T: Tool>(_ refusal: ToolRefusal, for call: T) -> T? {
        guard var complete = call as? CompleteTask, !complete.withChildren, !refusal.openSubtasks.isEmpty else { return nil }
        fail(refusal.message)
        for line in renderer.taskList(refusal.openSubtasks) { output.line(line) }
        guard let answer = ask("Complete \(refusal.openSubtasks.count == 1 ? "it" : "them") too? [y/N] "),
            ["y", "yes"].contains(answer.lowercased())
        else {
            notice("Nothing changed.")
            return nil
        }
        complete.withChildren = true
        return complete as? T
    }
}
