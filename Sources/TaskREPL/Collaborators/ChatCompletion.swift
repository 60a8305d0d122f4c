import Foundation
import TaskCore
import TaskToolkit

/// Tab in the chat: the commands, tool names, projects, open task titles and contexts (`Completer`),
/// the words read through the tools on first use and again after each change.
struct ChatCompletion {
    /// Completion words and the undo-log generation they were read at.
    private var cache: (generation: Int, words: CompletionWords)?

    /// Tab's candidates for the text before the cursor; `generation` is the undo log's, which moves
    /// with every change this session makes. While a question asks which task ("done" alone),
    /// `answerVerb` is the verb Tab completes its answer after.
    mutating func complete(
        _ textBeforeCursor: String, answerVerb: String?, toolkit: TaskToolkit, generation: Int
    ) -> (start: Int, candidates: [String]) {
        let completer = Completer(commands: ChatCommands.all, toolNames: toolkit.tools.map(\.name))
        // Answering "Which task?": complete as if the verb had been typed before the answer.
        if let verb = answerVerb {
            let (start, candidates) = completer.complete(verb + textBeforeCursor) { words(toolkit, generation) }
            return (max(0, start - verb.count), candidates)
        }
        return completer.complete(textBeforeCursor) { words(toolkit, generation) }
    }

    private mutating func words(_ toolkit: TaskToolkit, _ generation: Int) -> CompletionWords {
        if let cache, cache.generation == generation { return cache.words }
        let tasks = (try? toolkit.run(ListTasks(TaskQuery(filter: .open, limit: 500))))?.output?.tasks ?? []
        let projects = (try? toolkit.run(ListProjects(paging: .all("j"))))?.output?.projects.map(\.project.name) ?? []
        var contexts: [String] = []
        for task in tasks {
            for c in task.contexts where !contexts.contains(c) { contexts.append(c) }
        }
        let words = CompletionWords(projects: projects, titles: tasks.map(\.title), contexts: contexts)
        cache = (generation, words)
        return words
    }
}
