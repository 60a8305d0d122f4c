import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// Tab's candidates for the text before the cursor (see `Completer`); projects, open task titles
    /// and contexts are read through the tools on first use and after each change.
    public func complete(_ textBeforeCursor: String) -> (start: Int, candidates: [String]) {
        let completer = Completer(commands: Self.commands, toolNames: toolkit.tools.map(\.name))
        // Answering "Which task?": complete as if the verb had been typed before the answer.
        if let verb = answerVerb {
            let (start, candidates) = completer.complete(verb + textBeforeCursor) { completionWords() }
            return (max(0, start - verb.count), candidates)
        }
        return completer.complete(textBeforeCursor) { completionWords() }
    }

    func completionWords() -> CompletionWords {
        if let cached = wordCache, cached.generation == undoLog.generation { return cached.words }
        let tasks = (try? toolkit.run(ListTasks(TaskQuery(filter: .open, limit: 500))))?.output?.tasks ?? []
        let projects = (try? toolkit.run(ListProjects()))?.output?.projects.map(\.project.name) ?? []
        var contexts: [String] = []
        for task in tasks {
            for c in task.contexts where !contexts.contains(c) { contexts.append(c) }
        }
        let words = CompletionWords(projects: projects, titles: tasks.map(\.title), contexts: contexts)
        wordCache = (undoLog.generation, words)
        return words
    }
}
