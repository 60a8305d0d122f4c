import Foundation
import TaskCore
import TaskLLM
import TaskNL
import TaskToolkit

/// A dictation with the model on: one structured refine request, the one merge, then every task
/// shown with its chips (the model's guesses marked) and confirmed once. Any failure says why in
/// one line and gives the rules' reading instead; Ctrl-C cancels at once.
struct DictationTurn {
    let session: ChatSession

    func run(_ text: String) {
        guard let conversation = session.model, let refiner = conversation.refiner else { return session.modelTurn(text) }
        let now = session.clock()
        let places = session.placeNames
        let zone = session.settings.timeZone
        let rules = session.parser.parse(text, now: now, timeZone: zone, places: places)
        let outcome = session.modelWait.run("reading it…") { _ in
            try refiner.refine(
                text, rules: rules, model: conversation.modelName, endpoint: conversation.endpoint, now: now,
                timeZone: zone, places: places, isCancelled: ModelWait.isCancelled)
        }
        switch outcome {
        case .cancelled:
            session.notice("Cancelled. Nothing was saved; ↑ recalls the line.")
        case .finished(.success(let result)) where result.usedModel && result.drafts.count == result.sources.count
            && result.drafts.count == result.sourceRules.count:
            confirm(result.drafts.indices.map {
                DictationDraft(source: result.sources[$0], result: result.drafts[$0], rules: result.sourceRules[$0])
            })
        case .finished(.success(let result)):
            session.notice(result.notice ?? "The model's answer did not fit — here is the rules' reading.")
            session.capture(text)
        case .finished(.failure(let error)):
            session.notice("Model not used (\(error)) — here is the rules' reading; /offline to stay offline.")
            session.capture(text)
        }
    }

    /// Shows the drafts and asks once: Enter saves all, `n` drops all, `e` edits one (its words come
    /// back on the line; the edit is read by the rules alone). Without a terminal to ask, or with
    /// `/confirm never`, they are saved at once without the model's guesses: a value the user did not
    /// say is never stored unseen.
    func confirm(_ initial: [DictationDraft]) {
        var drafts = initial
        while true {
            guard !drafts.isEmpty else { return session.notice("  Dropped.") }
            show(drafts)
            guard session.reader.isInteractive && session.settings.confirm != .never else {
                let guesses = drafts.flatMap { $0.result.understood.filter(\.fromModel).map(\.text) }
                if !guesses.isEmpty {
                    session.notice("  Not kept without confirmation (the model's guesses): " + guesses.joined(separator: ", "))
                }
                return save(drafts.map(\.withoutGuesses))
            }
            let question = drafts.count == 1 ? "  Save? [Enter/n/e] " : "  Save all \(drafts.count)? [Enter/n/e] "
            switch session.choose(question, among: [.save, .drop, .edit]) {
            case .save:
                return save(drafts.map(\.result))
            case .drop, nil:
                return session.notice(drafts.count == 1 ? "  Dropped." : "  Dropped all \(drafts.count).")
            case .edit:
                var index = 0
                if drafts.count > 1 {
                    guard let answer = session.ask("  Edit which? [1-\(drafts.count)] "), let n = Int(answer), (1...drafts.count).contains(n) else {
                        session.notice("  Not a number from the list; nothing changed.")
                        continue
                    }
                    index = n - 1
                }
                guard let edited = session.ask(session.prompt, initial: drafts[index].source),
                    !edited.trimmingCharacters(in: .whitespaces).isEmpty
                else {
                    session.notice("  Dropped that one.")
                    drafts.remove(at: index)
                    continue
                }
                if !ChatSession.isSecret(edited) { session.reader.addHistory(edited) }
                let own = session.parser.parse(edited, now: session.clock(), timeZone: session.settings.timeZone, places: session.placeNames)
                drafts[index] = DictationDraft(source: edited, result: own, rules: own)
            }
        }
    }

    /// "2 tasks:" and one line per draft; a chip the model supplied reads "High (model)".
    func show(_ drafts: [DictationDraft]) {
        let renderer = session.renderer
        let lines = drafts.map { draft -> String in
            let chips = draft.result.understood.map { TerminalText.sanitized($0.fromModel ? "\($0.text) (model)" : $0.text) }
            let title = session.style(TerminalText.sanitized(draft.result.draft.title), .bold)
            return title + (chips.isEmpty ? "" : "  " + renderer.chips(chips))
        }
        if drafts.count == 1 {
            session.output.line("  " + lines[0])
        } else {
            session.output.line(session.style("\(drafts.count) tasks:", .bold))
            for (i, line) in lines.enumerated() { session.output.line("  \(i + 1). " + line) }
        }
        if drafts.contains(where: { $0.result.understood.contains(where: \.fromModel) }) {
            session.notice("  (model) = the model's guess, not something you said; e edits")
        }
    }

    func save(_ results: [ParseResult]) {
        for result in results { session.runTool(CreateTask(draft: result.draft)) }
    }
}
