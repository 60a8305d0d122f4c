import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// A capture: shows the parse with its chips, then saves on Enter (`n` drops, `e` edits in place).
    ///
    /// With no terminal to ask (piped input) or `/confirm never`, it is saved at once: the text came
    /// from the user, and /undo takes it back.
    func capture(_ text: String) {
        guard let preview = dryRun(text) else { return }
        output.line("  " + preview)
        guard reader.isInteractive && settings.confirm != .never else {
            save(text)
            return
        }
        guard let answer = ask("  Save? [Enter/n/e] ") else {
            notice("  Dropped.")
            return
        }
        switch answer.lowercased() {
        case "", "y", "yes":
            save(text)
        case "e", "edit":
            guard let edited = ask(prompt, initial: text), !edited.isEmpty else {
                notice("  Dropped.")
                return
            }
            if !Self.isSecret(edited) { reader.addHistory(edited) }
            if edited.hasPrefix("/") { handle(edited) } else { capture(edited) }
        default:
            notice("  Dropped.")
        }
    }

    /// A pasted block: one capture per line, shown together, confirmed once.
    func captureBatch(_ lines: [String]) {
        var previews: [(String, String)] = []
        for line in lines {
            // A line that cannot be previewed is reported (by dryRun) and left out; the rest go on.
            guard let preview = dryRun(line) else { continue }
            previews.append((line, preview))
        }
        guard !previews.isEmpty else { return notice("  Nothing saved.") }
        output.line(style("\(previews.count) tasks:", .bold))
        for (i, item) in previews.enumerated() { output.line("  \(i + 1). " + item.1) }
        if reader.isInteractive && settings.confirm != .never {
            guard let answer = ask("  Save all \(previews.count)? [Enter/n] "), ["", "y", "yes"].contains(answer.lowercased()) else {
                notice("  Dropped all \(previews.count).")
                return
            }
        }
        for (line, _) in previews { save(line) }
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
