import Foundation
import TaskCore
import TaskStore

/// The prompt: `tasker> ` (or `tasker✦ ` with the model on) after the marks of the moment ("sync
/// failing", "3 reminders due"); nothing when the input is not a terminal.
struct ChatPrompt {
    let isInteractive: Bool
    let mode: ChatMode
    let store: TaskStore
    /// A short mark while background work is failing; nil when all is well.
    let mark: (() -> String?)?

    var text: String {
        guard isInteractive else { return "" }
        let base = mode.modelMode ? "tasker✦ " : "tasker> "
        var marks: [String] = []
        if let mark = mark?() { marks.append(mark) }
        let due = remindersDue
        if due > 0 { marks.append("\(due) reminder\(due == 1 ? "" : "s") due") }
        return marks.isEmpty ? base : marks.joined(separator: " · ") + " · " + base
    }

    /// Open tasks whose reminder time has come (within the catch-up window), for the prompt.
    var remindersDue: Int {
        guard let schedule = mode.settings.reminders, let tasks = try? Reminders(store).tasksWithReminders() else { return 0 }
        return schedule.dueNow(tasks, now: store.clock()).count
    }
}
