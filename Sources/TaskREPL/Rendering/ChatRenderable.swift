import Foundation
import TaskCore
import TaskToolkit

/// A tool result the chat knows how to show; any other result is shown as one line of JSON.
protocol ChatRenderable {
    /// The lines that show this result to the person who asked for it.
    func lines(_ r: TaskRenderer) -> [String]
}

extension TaskRenderer {
    /// "✓ Saved  #12  Call mom  tomorrow 5:00 PM".
    func done(_ verb: String, _ rest: String) -> String { style("✓ " + verb, .green) + " " + rest }

    /// How a successful call looks in the chat.
    public func lines(for output: any ToolOutput, format: ResultFormat) -> [String] {
        if let renderable = output as? ChatRenderable { return renderable.lines(self) }
        return [Self.clean(JSONValue.object(output.json(format)).encoded())]
    }
}

extension CaptureTask.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        guard let task else { return ["  " + r.style(TaskRenderer.clean(draft.title), .bold)] }
        return [r.done("Saved", r.taskLine(task).trimmingCharacters(in: .whitespaces))]
    }
}

extension TaskOutput: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] { [r.done("Saved", r.taskLine(task).trimmingCharacters(in: .whitespaces))] }
}

extension ListTasks.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        if let done {
            let period = done.lowercased()
            guard !tasks.isEmpty else { return ["Nothing done \(TerminalText.sanitized(period))."] }
            return ["Done \(TerminalText.sanitized(period)) (\(tasks.count)):"] + r.taskList(tasks)
        }
        guard let depths, !tasks.isEmpty else { return r.taskList(tasks, empty: Self.empty(filter)) }
        return zip(tasks, depths).map { task, depth in String(repeating: "  ", count: min(depth, 20)) + r.taskLine(task) }
    }

    /// What an empty list says: what was asked for and found empty ("what's on today" on a day with
    /// nothing due answers "Nothing due today or overdue.", not a bare "Nothing here.").
    static func empty(_ filter: TaskQuery.Filter) -> String {
        switch filter {
        case .today: return "Nothing due today or overdue."
        case .tomorrow: return "Nothing due tomorrow."
        case .week: return "Nothing due this week or overdue."
        case .overdue: return "Nothing overdue."
        case .available: return "Nothing to do right now."
        case .waiting: return "Nothing waiting on anyone."
        case .open, .all: return "Nothing here."
        }
    }
}

extension UpdateTask.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        let renamed = previous.title == task.title ? "" : r.style(" (was '\(TaskRenderer.clean(previous.title))')", .dim)
        return [r.done("Updated", r.taskLine(task).trimmingCharacters(in: .whitespaces) + renamed)]
    }
}

extension DeleteTask.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        let more = deletion.records.count - 1
        let title = TaskRenderer.clean(deletion.records.first?.task.title ?? "")
        return [r.done("Deleted", "'\(title)'" + (more > 0 ? " and \(more) subtask\(more == 1 ? "" : "s")" : "")) + r.undoHint("brings it back")]
    }
}

extension SetStage.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        [r.done("Moved", "'\(TaskRenderer.clean(task.title))' to \(task.stage.map { TaskRenderer.clean($0) } ?? "no stage")")]
    }
}

extension CompleteTask.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        var lines = [r.done("Done:", TaskRenderer.clean(task.title)
            + (subtasks.isEmpty ? "" : r.style(" (and \(subtasks.count) subtask\(subtasks.count == 1 ? "" : "s"))", .dim)))
            + r.undoHint("takes it back")]
        if let next { lines.append(r.style("  Next:", .dim) + r.taskLine(next)) }
        return lines
    }
}

extension RescheduleTask.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        [r.done("Moved", "'\(TaskRenderer.clean(task.title))' to \(task.due.map { r.relative($0, day: task.dueDay).text } ?? "no date")")
            + r.undoHint("takes it back")]
    }
}

extension DeferTask.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        [r.done("Deferred", "'\(TaskRenderer.clean(task.title))' until \(task.deferUntil.map(r.dayText) ?? "now")")
            + r.undoHint("takes it back")]
    }
}

extension PlanDay.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] { r.plan(plan) }
}

extension CreateProject.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] { [r.done("Project", TaskRenderer.clean(project.name))] }
}

extension ListProjects.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        guard !projects.isEmpty else { return [r.style("No projects yet. Try: new project Kitchen", .dim)] }
        return projects.map { p in
            "  \(TaskRenderer.clean(p.project.name))  " + r.style("\(p.openCount) open · \(p.doneCount) done", .dim)
        }
    }
}

extension CreatePlace.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        [r.done("Place", TaskRenderer.clean(place.name) + "  " + r.style(Place.describe(center: place.center, radius: place.radius), .dim))]
    }
}

extension ListPlaces.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        guard !places.isEmpty else { return [r.style("No places yet. Try: new place supermarket at 52.52, 13.405", .dim)] }
        return places.map { p in
            "  \(TaskRenderer.clean(p.place.name))  " + r.style(Place.describe(center: p.place.center, radius: p.place.radius) + " · \(p.openTasks) open", .dim)
        }
    }
}

extension DeletePlace.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        let note = unbound.isEmpty ? "" : r.style("  \(unbound.count) task\(unbound.count == 1 ? "" : "s") no longer remind there", .dim)
        return [r.done("Deleted place", TaskRenderer.clean(place.name)) + note]
    }
}

extension CreateSpace.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] { [r.done("New space", TaskRenderer.clean(space.name))] }
}

extension PageOutput: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        let title = TaskRenderer.clean(page.title)
        switch event {
        case .created: return [r.done("New page", title)]
        case .appended: return [r.done("Added to", title)]
        case .linked: return [r.done("Linked", title)]
        case .read: return [r.style(title, .bold), TaskRenderer.clean(page.body, as: .block)]
        }
    }
}

extension ListPages.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        guard !pages.isEmpty else { return [r.style("Nothing found.", .dim)] }
        return pages.map { "  \(TaskRenderer.clean($0.title))" }
    }
}

extension SearchPages.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        guard !hits.isEmpty else { return [r.style("Nothing found.", .dim)] }
        return hits.map { "  \(TaskRenderer.clean($0.page.title))  " + r.style(TaskRenderer.clean($0.snippet), .dim) }
    }
}

extension AttachmentOutput: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        let a = item.attachment
        let name = "'" + TaskRenderer.clean(a.name) + "'"
        let owner = TaskRenderer.clean(item.ownerText)
        var lines: [String]
        switch event {
        case .attached(let newObject):
            lines = [r.done("Attached", "\(name) (\(ByteCount.text(a.size))) to \(owner)")
                + r.style("  id \(a.id)" + (newObject ? "" : ", same bytes stored once already"), .dim)]
        case .detached:
            lines = [r.done("Detached", "\(name) from \(owner)") + r.undoHint("brings it back")]
        case .opened(let copy?):
            lines = [r.done("Wrote", "\(name) to \(TaskRenderer.clean(copy))")]
        case .opened(nil):
            lines = ["  \(name) is stored at \(TaskRenderer.clean(item.storedPath ?? ""))" + r.style("  (read-only: /open \(a.id) PATH writes a copy)", .dim)]
        }
        if let uploadProblem { lines.append(r.style("  not uploaded: " + TaskRenderer.clean(uploadProblem), .dim)) }
        return lines
    }
}

extension ListAttachments.Output: ChatRenderable {
    func lines(_ r: TaskRenderer) -> [String] {
        guard !items.isEmpty else { return [r.style("No attachments" + (owner.map { " on " + TaskRenderer.clean($0) } ?? "") + ".", .dim)] }
        let width = items.map { String($0.attachment.id.rawValue).count }.max() ?? 1
        return items.map { item in
            let id = String(item.attachment.id.rawValue)
            var line = "  " + String(repeating: " ", count: width - id.count) + r.style(id, .dim) + "  " + TaskRenderer.clean(item.attachment.name)
                + r.style("  " + ByteCount.text(item.attachment.size), .dim)
            if owner == nil { line += "  " + TaskRenderer.clean(item.ownerText) }
            return line
        }
    }
}
