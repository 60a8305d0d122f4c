import Foundation
import TaskCore
import TaskLLM
import TaskNL
import TaskToolkit

/// A dictation with the model on: one structured refine request, the one merge, then every task
/// shown with its chips (the model's guesses marked) and confirmed once. Any failure says why in
/// one line and gives the rules' reading instead; Ctrl-C cancels at once.
struct DictationTurn {
    /// The rules' capture: what a dictation the model could not read becomes, and the console,
    /// tools and reading the drafts are shown and saved with.
    let capture: ChatCapture
    let conversation: ModelConversation
    let refiner: DictationRefiner
    let wait: ModelWait

    private var console: ChatConsole { capture.console }
    private var tools: ChatTools { capture.tools }
    private var reading: ChatReading { capture.reading }

    func run(_ text: String) {
        let now = reading.now
        let places = tools.placeNames
        let zone = reading.timeZone
        let rules = reading.parser.parse(text, now: now, timeZone: zone, places: places)
        let outcome = wait.run("reading it…") { _ in
            try refiner.refine(
                text, rules: rules, model: conversation.modelName, endpoint: conversation.endpoint, now: now,
                timeZone: zone, places: places, isCancelled: ModelWait.isCancelled)
        }
        switch outcome {
        case .cancelled:
            console.notice("Cancelled. Nothing was saved; ↑ recalls the line.")
        case .finished(.success(let result)) where result.usedModel && result.drafts.count == result.sources.count
            && result.drafts.count == result.sourceRules.count:
            confirm(result.drafts.indices.map {
                DictationDraft(source: result.sources[$0], result: result.drafts[$0], rules: result.sourceRules[$0])
            })
        case .finished(.success(let result)):
            console.notice(result.notice ?? "The model's answer did not fit — here is the rules' reading.")
            capture.run(text)
        case .finished(.failure(let error)):
            console.notice("Model not used (\(error)) — here is the rules' reading; /offline to stay offline.")
            capture.run(text)
        }
    }

    /// Shows the drafts and asks once: Enter saves all, `n` drops all, `e` edits one (its words come
    /// back on the line; the edit is read by the rules alone). Without a terminal to ask, or with
    /// `/confirm never`, they are saved at once without the model's guesses: a value the user did not
    /// say is never stored unseen.
    func confirm(_ initial: [DictationDraft]) {
        var drafts = initial
        while true {
            guard !drafts.isEmpty else { return console.notice("  Dropped.") }
            show(drafts)
            guard capture.asksFirst else {
                let guesses = drafts.flatMap { $0.result.understood.filter(\.fromModel).map(\.text) }
                if !guesses.isEmpty {
                    console.notice("  Not kept without confirmation (the model's guesses): " + guesses.joined(separator: ", "))
                }
                return save(drafts.map(\.withoutGuesses))
            }
            let question = drafts.count == 1 ? "  Save? [Enter/n/e] " : "  Save all \(drafts.count)? [Enter/n/e] "
            switch console.choose(question, among: [.save, .drop, .edit]) {
            case .save:
                return save(drafts.map(\.result))
            case .drop, nil:
                return console.notice(drafts.count == 1 ? "  Dropped." : "  Dropped all \(drafts.count).")
            case .edit:
                var index = 0
                if drafts.count > 1 {
                    guard let answer = console.ask("  Edit which? [1-\(drafts.count)] "), let n = Int(answer), (1...drafts.count).contains(n) else {
                        console.notice("  Not a number from the list; nothing changed.")
                        continue
                    }
                    index = n - 1
                }
                guard let edited = console.edit(drafts[index].source, at: capture.prompt()) else {
                    console.notice("  Dropped that one.")
                    drafts.remove(at: index)
                    continue
                }
                let own = reading.parse(edited, places: tools.placeNames)
                drafts[index] = DictationDraft(source: edited, result: own, rules: own)
            }
        }
    }

    /// "2 tasks:" and one line per draft; a chip the model supplied reads "High (model)".
    func show(_ drafts: [DictationDraft]) {
        let renderer = console.renderer
        let lines = drafts.map { draft -> String in
            let chips = draft.result.understood.map { TerminalText.sanitized($0.fromModel ? "\($0.text) (model)" : $0.text) }
            let title = console.style(TerminalText.sanitized(draft.result.draft.title), .bold)
            return title + (chips.isEmpty ? "" : "  " + renderer.chips(chips))
        }
        if drafts.count == 1 {
            console.line("  " + lines[0])
        } else {
            console.line(console.style("\(drafts.count) tasks:", .bold))
            for (i, line) in lines.enumerated() { console.line("  \(i + 1). " + line) }
        }
        if drafts.contains(where: { $0.result.understood.contains(where: \.fromModel) }) {
            console.notice("  (model) = the model's guess, not something you said; e edits")
        }
    }

    func save(_ results: [ParseResult]) {
        for result in results { tools.runTool(CreateTask(draft: result.draft)) }
    }
}
