import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// Resolves a `TaskPhrase` against the chat's store: the open tasks it names (none, one, or several
/// for the chat to ask which).
struct TaskPhraseResolver {
    let console: ChatConsole
    let tools: ChatTools
    let reading: ChatReading

    func tasks(_ phrase: TaskPhrase) throws -> [TaskItem] {
        let zone = reading.timeZone
        let now = reading.now
        switch phrase {
        case .focus:
            guard let id = tools.recentTask, let task = try? Tasks(tools.toolkit.store).task(id), task.status == .open else { return [] }
            return [task]
        case .titled(let words):
            switch try tools.toolkit.findEditable(.title(words)) {
            case .success(let task): return [task]
            case .failure(let refusal):
                return refusal.candidates.compactMap { candidate in
                    if case .task(let task) = candidate { return task }
                    return nil
                }
            }
        case .next:
            let upcoming = try open().filter { ($0.due ?? .distantPast) >= now }.sorted { $0.due! < $1.due! }
            guard let first = upcoming.first else { return [] }
            return upcoming.filter { $0.due == first.due }
        case .mostRecent:
            return try open().max { $0.id.rawValue < $1.id.rawValue }.map { [$0] } ?? []
        case .created(let daysAgo):
            let day = LocalDate(now, in: zone).adding(days: -daysAgo)
            return try open().filter { LocalDate($0.created, in: zone) == day }
        }
    }

    private func open() throws -> [TaskItem] {
        try Tasks(tools.toolkit.store).tasks(TaskQuery(filter: .open, limit: 10_000))
    }

    /// The call pointed at the one task its phrase names, asking which when several do; nil when the
    /// phrase names none or the question was skipped (said why). A call that names no phrase is returned as is.
    func resolve(_ call: any Tool) -> (any Tool)? {
        guard var targeted = call as? any TaskTargeting, case .title(let words) = targeted.target, let phrase = TaskPhrase.parse(words) else { return call }
        guard let task = pick(phrase, words: words) else { return nil }
        targeted.target = .id(task.id.rawValue)
        return targeted
    }

    /// The one task a phrase names: itself, or the one picked from several; nil (said why) otherwise.
    func pick(_ phrase: TaskPhrase, words: String) -> TaskItem? {
        let found: [TaskItem]
        do {
            found = try tasks(phrase)
        } catch {
            console.fail("\(error)")
            return nil
        }
        switch found.count {
        case 0:
            console.notice("No open task is \(phrase.description); nothing changed.")
            return nil
        case 1:
            return found[0]
        default:
            console.line("\(found.count) tasks fit '\(TerminalText.sanitized(words))':")
            for line in console.renderer.taskList(found) { console.line(line) }
            guard let answer = console.ask("Which one? (id, Enter to skip) "), !answer.isEmpty else {
                console.notice("Nothing changed.")
                return nil
            }
            guard case .id(let id) = TaskReference(answer), let task = found.first(where: { $0.id.rawValue == id }) else {
                // A new line typed instead of an id is kept and handled next, not lost.
                let typedAhead = console.keepTypedAhead(answer)
                console.notice("Not one of these ids; nothing changed." + (typedAhead ? " Your new line comes next." : ""))
                return nil
            }
            return task
        }
    }
}
