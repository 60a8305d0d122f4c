import Foundation
import TaskToolkit

/// The router's rows for a task asked after by its title ("when is the dentist?", "is the dentist
/// tomorrow?", "show me the dentist"), tried last so that every list and command wins ("show
/// waiting"); a title no open task holds is not about a task ("when is the next full moon").
extension IntentRouter {
    static let lookupRules: [IntentRule] = [
        IntentRule("show-task", #"(?:when(?:'?s| is| was)|show(?: me)?) (.+)"#) { g, c in
            showTask(g[0], c)
        },
        // "is the dentist tomorrow?": the dentist, shown with its due, answers it.
        IntentRule("show-task-on", #"(?:is|are) (.+)"#) { g, c in
            guard let (title, _) = splitAtDate(g[0], c, bare: true, connectors: [" on ", " due ", " at ", " for "]) else { return nil }
            return showTask(title, c)
        },
    ]

    /// The open tasks a title names, shown; nil when the words are an id, a phrase (`show-phrase`
    /// reads those) or name no open task.
    static func showTask(_ words: String, _ context: IntentContext) -> Intent? {
        guard case .title = TaskReference(words), TaskPhrase.parse(words) == nil, known(words, context) else { return nil }
        return .show(taskWords(words, context))
    }
}
