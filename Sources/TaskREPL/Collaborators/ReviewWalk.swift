import Foundation
import TaskCore
import TaskToolkit

/// The weekly review in the chat: the summary, then (at a terminal) each slipped, overdue, waiting,
/// stale and inbox task in turn with one-key actions. Every action is an ordinary tool call, so
/// /undo takes it back.
struct ReviewWalk {
    let console: ChatConsole
    let tools: ChatTools

    /// One thing to do with a task in the review: a key and the call it makes.
    struct Action {
        var key: String
        var label: String
        var call: (TaskReference) -> (any Tool)?
    }

    /// The keys offered for each task in the review walk-through.
    var actions: [Action] {
        [
            Action(key: "d", label: "done") { CompleteTask(target: $0) },
            Action(key: "f", label: "defer a week") { DeferTask(target: $0, until: "in 7 days") },
            Action(key: "r", label: "reschedule") { [console] target in
                guard let day = console.ask("    New due date (e.g. friday 3pm): "), !day.isEmpty else { return nil }
                return RescheduleTask(target: target, due: day)
            },
            Action(key: "s", label: "someday") { SetStage(target: $0, stage: "Someday") },
        ]
    }

    /// The weekly review: the summary, then (at a terminal) each slipped, overdue, waiting, stale
    /// and inbox task in turn with one-key actions — d done, f defer a week, r reschedule,
    /// s someday, Enter skips, q stops. Every action is an ordinary tool call, so /undo takes it back.
    func run(_ call: Review) {
        let result: Review.Output
        do {
            guard let output = try tools.toolkit.run(call).output else { return console.fail("the review could not be made") }
            result = output
        } catch {
            return console.fail("\(error)")
        }
        for line in console.renderer.lines(for: result, format: tools.toolkit.format) { console.line(line) }
        let items = Review.sections(result.review).flatMap { section in section.tasks.map { (section.name, $0) } }
        guard console.isInteractive, !items.isEmpty else { return }
        guard console.choose("  Walk through the \(items.count) item\(items.count == 1 ? "" : "s")? [Enter/n] ", among: [.save, .drop]) == .save else { return }
        let keys = actions.map { "\($0.key) \($0.label)" }.joined(separator: ", ") + ", Enter skip, q stop"
        var seen = Set<TaskID>()
        for (index, (section, task)) in items.enumerated() where seen.insert(task.id).inserted {
            console.line(console.style("\(section) \(index + 1)/\(items.count)", .dim) + " " + console.renderer.taskLine(task).trimmingCharacters(in: .whitespaces))
            switch askKey(keys) {
            case .stop: return console.notice("  Review stopped.")
            case .skip: continue
            case .act(let action): if let call = action.call(.id(task.id.rawValue)) { tools.runTool(call) }
            }
        }
        console.notice("  Review done.")
    }

    /// What a key typed for a review item asks for.
    enum Key {
        case act(Action), skip, stop
    }

    /// Reads one key for a review item: an action, Enter to skip, q (or the end of input) to stop;
    /// anything else repeats the keys and asks again.
    private func askKey(_ keys: String) -> Key {
        while let answer = console.askKey("    [\(keys)] ") {
            let word = answer.trimmingCharacters(in: .whitespaces).lowercased()
            if word.isEmpty { return .skip }
            if word == "q" || word == "quit" { return .stop }
            if let action = actions.first(where: { $0.key == word || $0.label == word }) { return .act(action) }
            console.notice("    " + keys + ".")
        }
        return .stop
    }
}
