import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// A capture: shows the parse with its chips, then saves on Enter (`n` drops, `e` edits in place).
    ///
    /// With no terminal to ask (piped input) or `/confirm never`, it is saved at once: the text came
    /// from the user, and /undo takes it back.
    func capture(_ text: String) {
        // A line holding several tasks ("buy milk; call mom") shows each as a draft, saved together.
        let parts = parser.splitTasks(text, now: clock(), timeZone: settings.timeZone)
        if parts.count > 1 { return captureBatch(parts) }
        guard let preview = dryRun(text) else { return }
        output.line("  " + preview)
        guard reader.isInteractive && settings.confirm != .never else {
            save(text)
            return
        }
        switch choose("  Save? [Enter/n/e] ", among: [.save, .drop, .edit]) {
        case .save:
            save(text)
        case .edit:
            guard let edited = ask(prompt, initial: text), !edited.isEmpty else {
                notice("  Dropped.")
                return
            }
            if !Self.isSecret(edited) { reader.addHistory(edited) }
            if edited.hasPrefix("/") { handle(edited) } else { capture(edited) }
        case .drop, nil:
            notice("  Dropped.")
        }
    }

    /// An answer to a capture's question.
    enum CaptureAnswer: CaseIterable {
        case save, drop, edit

        var words: [String] {
            switch self {
            case .save: return ["", "y", "yes"]
            case .drop: return ["n", "no"]
            case .edit: return ["e", "edit"]
            }
        }
    }

    /// Asks `question` until the answer is one of `choices` (nil at end of input). Anything else —
    /// typically the next task typed before this one was confirmed — is not taken as "no": the
    /// question is asked again with what each key does, so the shown capture is never lost silently.
    func choose(_ question: String, among choices: [CaptureAnswer]) -> CaptureAnswer? {
        while let answer = ask(question) {
            let word = answer.trimmingCharacters(in: .whitespaces).lowercased()
            if let choice = choices.first(where: { $0.words.contains(word) }) { return choice }
            let keys = [CaptureAnswer.save: "Enter saves", .drop: "n drops", .edit: "e edits"]
            notice("  " + choices.compactMap { keys[$0] }.joined(separator: ", ") + ".")
        }
        return nil
    }

    /// A pasted block: one capture per line, shown together, confirmed once. A line that starts
    /// with a list marker (`- `, `* `, `• `) after an unmarked line becomes that task's subtask
    /// (the grammar strips the marker); marked lines with no task above them are tasks of their own.
    /// An unmarked line holding several tasks ("buy milk; call mom") gives each.
    func captureBatch(_ pasted: [String]) {
        var previews: [(line: String, preview: String, parent: Int?)] = []
        var lastTask: Int?
        let lines = pasted.flatMap { line in
            Self.hasListMarker(line) ? [line] : parser.splitTasks(line, now: clock(), timeZone: settings.timeZone)
        }
        for line in lines {
            // A line that cannot be previewed is reported (by dryRun) and left out; the rest go on.
            guard let preview = dryRun(line) else { continue }
            let marked = Self.hasListMarker(line)
            previews.append((line, preview, marked ? lastTask : nil))
            if !marked { lastTask = previews.count - 1 }
        }
        guard !previews.isEmpty else { return notice("  Nothing saved.") }
        output.line(style("\(previews.count) tasks:", .bold))
        for (i, item) in previews.enumerated() {
            output.line((item.parent == nil ? "  " : "      ↳ ") + "\(i + 1). " + item.preview)
        }
        if reader.isInteractive && settings.confirm != .never {
            guard choose("  Save all \(previews.count)? [Enter/n] ", among: [.save, .drop]) == .save else {
                notice("  Dropped all \(previews.count).")
                return
            }
        }
        var saved: [Int: Int] = [:]
        for (i, item) in previews.enumerated() {
            // A subtask whose task failed to save is saved on its own rather than lost.
            let parent = item.parent.flatMap { saved[$0] }.map { TaskReference.id(Int64($0)) }
            let result = runTool(CaptureTask(text: item.line, parent: parent))
            if let id = result["task"]?["id"]?.intValue { saved[i] = id }
        }
    }

    /// Whether a pasted line starts with a list marker the grammar strips.
    static func hasListMarker(_ line: String) -> Bool {
        let text = line.drop { $0 == " " || $0 == "\t" }
        return ["- ", "* ", "• "].contains { text.hasPrefix($0) }
    }

    /// The title and chips of `text` as the toolkit would save it; nil after reporting a failure.
    func dryRun(_ text: String) -> String? {
        do {
            switch try toolkit.run(CaptureTask(text: text, dryRun: true)) {
            case .done(let output):
                let chips = output.understood.map { TerminalText.sanitized($0.text) }
                let title = style(TerminalText.sanitized(output.draft.title), .bold)
                return title + (chips.isEmpty ? "" : "  " + renderer.chips(chips))
            case .refused(let refusal):
                fail(refusal.message)
                return nil
            }
        } catch {
            fail("\(error)")
            return nil
        }
    }

    func save(_ text: String) {
        runTool(CaptureTask(text: text))
    }
}
