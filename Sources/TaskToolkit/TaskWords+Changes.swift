import Foundation
import TaskCore

extension TaskWords {
    /// An update in plain words, one phrase per field it changes: "title 'Call mum'", "priority
    /// high", "due cleared", "contexts #errands #phone".
    public func changes(_ update: TaskUpdate, of task: TaskItem) -> [String] {
        var parts: [String] = []
        func set<T>(_ name: String, _ value: T??, _ words: (T) -> String) {
            guard let value else { return }
            parts.append(value.map { "\(name) \(words($0))" } ?? "\(name) cleared")
        }
        if let title = update.title { parts.append("title '\(title)'") }
        set("notes", update.notes) { "'\($0.count > 40 ? String($0.prefix(40)) + "…" : $0)'" }
        set("due", update.due) { due($0, day: update.dueDay) }
        if let priority = update.priority { parts.append("priority \(priority.rawValue)") }
        set("estimate", update.estimateMinutes) { "≈" + TaskWords.duration($0) }
        set("energy", update.energy) { $0.rawValue }
        if let contexts = update.contexts {
            parts.append(contexts.isEmpty ? "contexts cleared" : "contexts " + contexts.map { "#" + $0 }.joined(separator: " "))
        }
        set("kind", update.kind) { $0.rawValue }
        set("stage", update.stage) { $0 }
        if let list = update.list { parts.append("list \(list)") }
        set("project", update.project) { $0 }
        set("parent", update.parent) { "#\($0.rawValue)" }
        set("repeat", update.recurrence) { $0.text.prefix(1).lowercased() + $0.text.dropFirst() }
        set("hidden until", update.deferUntil, dayText)
        set("place", update.place) { $0.phrase }
        return parts.isEmpty ? ["no change"] : parts
    }
}
