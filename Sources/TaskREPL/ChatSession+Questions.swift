import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// "how many tasks do I have", "what's left today": the count in one line, then the tasks, from
    /// list_tasks (offline, in model mode too).
    func answerCount(_ call: ListTasks) {
        do {
            switch try toolkit.run(call) {
            case .done(let list):
                output.line(renderer.countLine(list.tasks.count, filter: call.query.filter))
                if !list.tasks.isEmpty { for line in renderer.taskList(list.tasks) { output.line(line) } }
            case .refused(let refusal):
                fail(refusal.message)
            }
        } catch {
            fail("\(error)")
        }
    }

    /// "done X" where X names no open task: says so and lists the closest open titles; the line is
    /// never offered as a task called "Done X".
    func reportNoMatch(_ call: CompleteTask) {
        notice("No open task matches \(call.target.description).")
        guard case .title(let words) = call.target, let found = try? toolkit.run(ListTasks(TaskQuery(filter: .open, limit: 1_000))),
            case .done(let open) = found, !open.tasks.isEmpty
        else { return }
        output.line("Closest open tasks:")
        for line in renderer.taskList(ClosestTitles.rank(words, among: open.tasks)) { output.line(line) }
    }
}
