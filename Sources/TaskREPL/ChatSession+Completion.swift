import Foundation
import TaskCore

extension ChatSession {
    /// Tab's candidates for the text before the cursor (see `Completer`); projects, open task titles
    /// and contexts are read through the tools on first use and after each change.
    public func complete(_ textBeforeCursor: String) -> (start: Int, candidates: [String]) {
        let completer = Completer(commands: Self.commands, toolNames: runner.tools.map(\.name))
        return completer.complete(textBeforeCursor) { completionWords() }
    }

    func completionWords() -> CompletionWords {
        if let cached = wordCache, cached.changes == undoStack.count { return cached.words }
        let tasks = (try? runner.call("list_tasks", ["filter": "open", "limit": 500]))?["tasks"]?.arrayValue ?? []
        let projects = ((try? runner.call("list_projects", [:]))?["projects"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        var contexts: [String] = []
        for task in tasks {
            for c in (task["contexts"]?.arrayValue ?? []).compactMap(\.stringValue) where !contexts.contains(c) { contexts.append(c) }
        }
        let words = CompletionWords(projects: projects, titles: tasks.compactMap { $0["title"]?.stringValue }, contexts: contexts)
        wordCache = (undoStack.count, words)
        return words
    }
}
