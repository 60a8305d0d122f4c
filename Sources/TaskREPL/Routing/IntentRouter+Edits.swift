import Foundation
import TaskCore
import TaskNL
import TaskToolkit

/// Builders for the router's editing rows ("rename X to Y", "make X high priority", "add #errands
/// to X", "move X to someday", "delete X"): each makes an `.edit` intent, which the chat confirms
/// before it runs, and which becomes a capture again when no task matches X.
extension IntentRouter {
    /// The priority a word names: "medium" is normal, "top" high, "urgent" critical.
    static let priorityWords: [String: Priority] = [
        "low": .low, "normal": .normal, "medium": .normal, "high": .high, "top": .high, "critical": .critical, "urgent": .critical,
    ]

    /// The stages the chat can move a task to by name (Done is "done X").
    static let stageWords: [String: String] = [
        "someday": "Someday", "someday/maybe": "Someday", "someday maybe": "Someday", "backlog": "Backlog", "next": "Next",
        "doing": "Doing", "waiting": "Waiting",
    ]

    /// A task reference from the words naming it (without a leading "the"/"my" when only that form
    /// names an open task: "delete the haircut" finds "Book a haircut"); nil when they are empty.
    static func target(_ words: String, _ context: IntentContext) -> TaskReference? {
        guard !words.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return reference(words, context)
    }

    static func rename(_ task: String, to title: String, _ context: IntentContext) -> Intent? {
        guard let target = target(task, context), !title.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        var changes = TaskUpdate()
        changes.title = TaskNLParser.sentenceCased(title.trimmingCharacters(in: .whitespaces))
        return .edit(UpdateTask(target: target, changes: changes))
    }

    static func prioritise(_ task: String, _ word: String, _ context: IntentContext) -> Intent? {
        guard let target = target(task, context), let priority = priorityWords[word.lowercased()] else { return nil }
        var changes = TaskUpdate()
        changes.priority = priority
        return .edit(UpdateTask(target: target, changes: changes))
    }

    /// "#errands @phone" → ["errands", "phone"].
    static func contextWords(_ text: String) -> [String] {
        text.split(separator: " ").map { String($0.drop { $0 == "#" || $0 == "@" }) }.filter { !$0.isEmpty }
    }

    static func addContexts(_ contexts: String, to task: String, _ context: IntentContext) -> Intent? {
        guard let target = target(task, context) else { return nil }
        return .edit(UpdateTask(target: target, addContexts: contextWords(contexts)))
    }

    static func removeContexts(_ contexts: String, from task: String, _ context: IntentContext) -> Intent? {
        guard let target = target(task, context) else { return nil }
        return .edit(UpdateTask(target: target, removeContexts: contextWords(contexts)))
    }

    static func stage(_ task: String, _ word: String, _ context: IntentContext) -> Intent? {
        guard let target = target(task, context), let stage = stageWords[word.lowercased()] else { return nil }
        return .edit(SetStage(target: target, stage: stage))
    }

    /// "new project Kitchen": the name; a folder instead of a name ("in /Volumes/DataArchive",
    /// "~/code") or no name at all: nil, and the chat asks for one (a project is a name, not a folder).
    static func newProject(_ words: String) -> Intent {
        let name = words.trimmingCharacters(in: .whitespaces)
        let folder = #"^(?:(?:in|at|under|inside|into|on|from) )?(?:[~/.]|[a-z]:\\)"#
        guard !name.isEmpty, name.range(of: folder, options: [.regularExpression, .caseInsensitive]) == nil else { return .newProject(nil) }
        return .newProject(name)
    }

    static func delete(_ task: String, withSubtasks: Bool, _ context: IntentContext) -> Intent? {
        guard let target = target(task, context) else { return nil }
        return .edit(DeleteTask(target: target, children: withSubtasks ? .delete : .refuse))
    }
}
