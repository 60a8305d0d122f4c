import Foundation
import TaskCore
import TaskToolkit

/// How the weekly review, streaks and templates look in the chat and in `tasker review|streaks`.
extension Review.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        let lastDay = review.to.addingTimeInterval(-1)
        var lines = [r.style("Review of \(r.words.dayText(LocalDate(review.from, in: r.timeZone))) – \(r.words.dayText(LocalDate(lastDay, in: r.timeZone)))", .bold)]
        lines.append(r.done("Done", "\(review.done.count) task\(review.done.count == 1 ? "" : "s")"))
        for group in review.doneByProject {
            lines.append("    \(TaskRenderer.clean(group.project ?? "No project")): \(group.tasks.count)")
        }
        for (name, tasks) in Review.sections(review) {
            lines.append(r.style("\(name) (\(tasks.count))", .bold))
            lines += tasks.isEmpty ? ["  —"] : tasks.prefix(limit).map { r.taskLine($0) }
            if tasks.count > limit { lines.append(r.style("  … and \(tasks.count - limit) more", .dim)) }
        }
        let stuck = review.projectsWithoutNextAction
        lines.append(r.style("Projects with no next action (\(stuck.count))", .bold))
        lines += stuck.isEmpty ? ["  —"] : stuck.prefix(limit).map { "  " + TaskRenderer.clean($0) }
        return lines
    }
}

extension Review {
    /// The review's sections that list tasks a person acts on, in the order they are walked.
    static func sections(_ review: WeeklyReview) -> [(name: String, tasks: [TaskItem])] {
        [("Slipped", review.slipped), ("Overdue", review.overdue), ("Waiting", review.waiting),
         ("Stale", review.stale), ("Inbox", review.inbox)]
    }
}

extension Streaks.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        guard !streaks.isEmpty else { return ["No streaks yet: complete a recurring task, or anything in a project or #context."] }
        let titles: [(Streak.Kind, String)] = [(.series, "Recurring tasks"), (.project, "Projects"), (.context, "Contexts")]
        var lines: [String] = []
        for (kind, title) in titles {
            let ofKind = streaks.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            lines.append(r.style(title, .bold))
            for streak in ofKind {
                let name = kind == .context ? "#" + streak.name : streak.name
                let days = kind == .series ? "in a row" : "day\(streak.current == 1 ? "" : "s")"
                lines.append("  \(TaskRenderer.clean(name))  \(streak.current) \(days) · best \(streak.longest)")
            }
        }
        return lines
    }
}

extension ApplyTemplate.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        let into = application.project.map { " in " + TaskRenderer.clean($0) + (application.projectCreated ? " (new)" : "") } ?? ""
        let head = r.done("Applied", "'\(TaskRenderer.clean(application.template.name))' from \(r.words.dayText(application.anchor))\(into):")
        let past = application.tasks.filter { $0.status == .open && ($0.due.map { $0 < r.now } ?? false) }.count
        let warning = past == 0 ? [] : [r.style("  \(past) of them fall before now (the template starts earlier than \(r.words.dayText(application.anchor))); /undo takes all back", .dim)]
        return [head] + application.tasks.map { r.taskLine($0) } + warning
    }
}

extension ListTemplates.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        templates.map { template in
            let tag = template.isBuiltIn ? r.style(" (built in)", .dim) : ""
            return "  " + TaskRenderer.clean(template.name) + tag + "  \(template.taskCount) task\(template.taskCount == 1 ? "" : "s")"
        }
    }
}
