import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// One thing to do with a task in the review: a key and the call it makes.
    struct ReviewAction {
        var key: String
        var label: String
        var call: (TaskReference) -> (any Tool)?
    }

    /// The keys offered for each task in the review walk-through.
    var reviewActions: [ReviewAction] {
        [
            ReviewAction(key: "d", label: "done") { CompleteTask(target: $0) },
            ReviewAction(key: "f", label: "defer a week") { DeferTask(target: $0, until: "in 7 days") },
            ReviewAction(key: "r", label: "reschedule") { [self] target in
                guard let day = ask("    New due date (e.g. friday 3pm): "), !day.isEmpty else { return nil }
                return RescheduleTask(target: target, due: day)
            },
            ReviewAction(key: "s", label: "someday") { SetStage(target: $0, stage: "Someday") },
        ]
    }

    /// The weekly review: the summary, then (at a terminal) each slipped, overdue, waiting, stale
    /// and inbox task in turn with one-key actions — d done, f defer a week, r reschedule,
    /// s someday, Enter skips, q stops. Every action is an ordinary tool call, so /undo takes it back.
    func runReview(_ call: Review) {
        let result: Review.Output
        do {
            guard let output = try toolkit.run(call).output else { return fail("the review could not be made") }
            result = output
        } catch {
            return fail("\(error)")
        }
        for line in renderer.lines(for: result, format: toolkit.format) { output.line(line) }
        let items = Review.sections(result.review).flatMap { section in section.tasks.map { (section.name, $0) } }
        guard reader.isInteractive, !items.isEmpty else { return }
        guard choose("  Walk through the \(items.count) item\(items.count == 1 ? "" : "s")? [Enter/n] ", among: [.save, .drop]) == .save else { return }
        let keys = reviewActions.map { "\($0.key) \($0.label)" }.joined(separator: ", ") + ", Enter skip, q stop"
        var seen = Set<TaskID>()
        for (index, (section, task)) in items.enumerated() where seen.insert(task.id).inserted {
            output.line(style("\(section) \(index + 1)/\(items.count)", .dim) + " " + renderer.taskLine(task).trimmingCharacters(in: .whitespaces))
            switch askReviewKey(keys) {
            case .stop: return notice("  Review stopped.")
            case .skip: continue
            case .act(let action): if let call = action.call(.id(task.id.rawValue)) { runTool(call) }
            }
        }
        notice("  Review done.")
    }

    /// What a key typed for a review item asks for.
    enum ReviewKey {
        case act(ReviewAction), skip, stop
    }

    /// Reads one key for a review item: an action, Enter to skip, q (or the end of input) to stop;
    /// anything else repeats the keys and asks again.
    private func askReviewKey(_ keys: String) -> ReviewKey {
        while let answer = ask("    [\(keys)] ") {
            let word = answer.trimmingCharacters(in: .whitespaces).lowercased()
            if word.isEmpty { return .skip }
            if word == "q" || word == "quit" { return .stop }
            if let action = reviewActions.first(where: { $0.key == word || $0.label == word }) { return .act(action) }
            notice("    " + keys + ".")
        }
        return .stop
    }
}
