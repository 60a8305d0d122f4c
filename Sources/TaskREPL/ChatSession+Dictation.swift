import Foundation
import TaskCore
import TaskLLM
import TaskNL
import TaskToolkit

/// One task of a dictation as the chat shows it before saving: the words it came from and the merged
/// reading (the rules' fields final, the model's marked `fromModel`).
struct DictationDraft {
    var source: String
    var result: ParseResult
    /// The rules' own reading of `source`: what is kept of a model's guess that is not confirmed.
    var rules: ParseResult
}

extension ChatSession {
    /// Whether a line the rules did not recognise is a request about the task list or a question
    /// (free-form tool calling: "move everything from today to tomorrow", "what did I finish this
    /// week?") rather than a dictation of tasks (the structured refine request).
    static func isRequest(_ text: String) -> Bool {
        if isQuestion(text) { return true }
        let words = text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'") }).map(String.init)
        var start = 0
        while start < words.count, ["please", "hey", "ok", "okay", "so", "now"].contains(words[start]) { start += 1 }
        let first = start < words.count ? words[start] : ""
        let requestVerbs: Set<String> = ["summarize", "summarise", "organize", "organise", "prioritize", "prioritise", "explain",
                                         "help", "suggest", "recommend", "group", "sort", "review"]
        if requestVerbs.contains(first), words.count > start + 1, ["my", "all", "everything", "the", "these", "them", "me"].contains(words[start + 1]) {
            return true
        }
        // Words that point at the task list rather than at a new task.
        let list: Set<String> = ["everything", "tasks", "todos", "to-dos", "todo", "backlog", "inbox"]
        if words.contains(where: list.contains) { return true }
        for (a, b) in zip(words, words.dropFirst()) where a == "all" && ["my", "the", "of", "tasks", "today's", "overdue"].contains(b) {
            return true
        }
        return false
    }

    /// A dictation with the model on: one structured refine request, the one merge, then every task
    /// shown with its chips (the model's guesses marked) and confirmed once. Any failure says why in
    /// one line and gives the rules' reading instead; Ctrl-C cancels at once.
    func dictationTurn(_ text: String) {
        guard let conversation = model, let refiner = conversation.refiner else { return modelTurn(text) }
        let now = clock()
        let places = placeNames
        let rules = parser.parse(text, now: now, timeZone: settings.timeZone, places: places)
        InterruptFlag.reset()
        let spinner = settings.showSpinner ? Spinner(output: output) : nil
        spinner?.start("reading it…")
        let outcome = waitingForModel {
            Result {
                try refiner.refine(
                    text, rules: rules, model: conversation.modelName, endpoint: conversation.endpoint, now: now,
                    timeZone: settings.timeZone, places: places, isCancelled: { InterruptFlag.isRaised })
            }
        }
        spinner?.stop()
        if InterruptFlag.isRaised {
            InterruptFlag.reset()
            notice("Cancelled. Nothing was saved; ↑ recalls the line.")
            return
        }
        switch outcome {
        case .success(let result) where result.usedModel && result.drafts.count == result.sources.count
            && result.drafts.count == result.sourceRules.count:
            let drafts = result.drafts.indices.map {
                DictationDraft(source: result.sources[$0], result: result.drafts[$0], rules: result.sourceRules[$0])
            }
            confirmDictation(drafts)
        case .success(let result):
            notice(result.notice ?? "The model's answer did not fit — here is the rules' reading.")
            capture(text)
        case .failure(let error):
            notice("Model not used (\(error)) — here is the rules' reading; /offline to stay offline.")
            capture(text)
        }
    }

    /// The user's place names, so the chat's own readings bind "when I get to the supermarket" as
    /// `capture_task` does (none when the store cannot say).
    var placeNames: [String] { (try? toolkit.store.placeNames()) ?? [] }

    /// Runs a model request; on a terminal, Ctrl-C sends SIGINT meanwhile (caught by `InterruptFlag`).
    func waitingForModel<T>(_ body: () throws -> T) rethrows -> T {
        settings.showSpinner ? try TerminalQuestion.withSignals(body) : try body()
    }

    /// Shows the drafts and asks once: Enter saves all, `n` drops all, `e` edits one (its words come
    /// back on the line; the edit is read by the rules alone). Without a terminal to ask, or with
    /// `/confirm never`, they are saved at once without the model's guesses: a value the user did not
    /// say is never stored unseen.
    func confirmDictation(_ initial: [DictationDraft]) {
        var drafts = initial
        while true {
            guard !drafts.isEmpty else { return notice("  Dropped.") }
            showDictation(drafts)
            guard reader.isInteractive && settings.confirm != .never else {
                let guesses = drafts.flatMap { $0.result.understood.filter(\.fromModel).map(\.text) }
                if !guesses.isEmpty {
                    notice("  Not kept without confirmation (the model's guesses): " + guesses.joined(separator: ", "))
                }
                return saveDictation(drafts.map { Self.withoutGuesses($0) })
            }
            let question = drafts.count == 1 ? "  Save? [Enter/n/e] " : "  Save all \(drafts.count)? [Enter/n/e] "
            switch choose(question, among: [.save, .drop, .edit]) {
            case .save:
                return saveDictation(drafts.map(\.result))
            case .drop, nil:
                return notice(drafts.count == 1 ? "  Dropped." : "  Dropped all \(drafts.count).")
            case .edit:
                var index = 0
                if drafts.count > 1 {
                    guard let answer = ask("  Edit which? [1-\(drafts.count)] "), let n = Int(answer), (1...drafts.count).contains(n) else {
                        notice("  Not a number from the list; nothing changed.")
                        continue
                    }
                    index = n - 1
                }
                guard let edited = ask(prompt, initial: drafts[index].source), !edited.trimmingCharacters(in: .whitespaces).isEmpty else {
                    notice("  Dropped that one.")
                    drafts.remove(at: index)
                    continue
                }
                if !Self.isSecret(edited) { reader.addHistory(edited) }
                let own = parser.parse(edited, now: clock(), timeZone: settings.timeZone, places: placeNames)
                drafts[index] = DictationDraft(source: edited, result: own, rules: own)
            }
        }
    }

    /// "2 tasks:" and one line per draft; a chip the model supplied reads "High (model)".
    func showDictation(_ drafts: [DictationDraft]) {
        let lines = drafts.map { draft -> String in
            let chips = draft.result.understood.map { TerminalText.sanitized($0.fromModel ? "\($0.text) (model)" : $0.text) }
            let title = style(TerminalText.sanitized(draft.result.draft.title), .bold)
            return title + (chips.isEmpty ? "" : "  " + renderer.chips(chips))
        }
        if drafts.count == 1 {
            output.line("  " + lines[0])
        } else {
            output.line(style("\(drafts.count) tasks:", .bold))
            for (i, line) in lines.enumerated() { output.line("  \(i + 1). " + line) }
        }
        if drafts.contains(where: { $0.result.understood.contains(where: \.fromModel) }) {
            notice("  (model) = the model's guess, not something you said; e edits")
        }
    }

    /// The merged reading with every field the model supplied put back to the rules' reading.
    static func withoutGuesses(_ draft: DictationDraft) -> ParseResult {
        var result = draft.result
        for chip in result.understood where chip.fromModel {
            switch chip.field {
            case .priority: result.draft.priority = draft.rules.draft.priority
            case .estimate: result.draft.estimateMinutes = draft.rules.draft.estimateMinutes
            case .energy: result.draft.energy = draft.rules.draft.energy
            case .context: result.draft.contexts = draft.rules.draft.contexts
            case .due: result.draft.due = draft.rules.draft.due
            case .kind: result.draft.kind = draft.rules.draft.kind
            default: break
            }
        }
        result.understood.removeAll(where: \.fromModel)
        return result
    }

    func saveDictation(_ results: [ParseResult]) {
        for result in results { runTool(CreateTask(draft: result.draft)) }
    }
}
