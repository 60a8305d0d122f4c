import Foundation
import TaskCore
import TaskToolkit

/// A line captured as a task (or several): shown with its chips, saved on Enter, `n` drops, `e` edits.
struct ChatCapture {
    let console: ChatConsole
    let tools: ChatTools
    /// Where an edit that became a slash command goes.
    let handoff: ChatHandoff
    let reading: ChatReading
    let confirm: ConfirmPolicy
    /// The prompt an edit is asked at.
    let prompt: () -> String

    /// Whether a draft waits for a yes before it is saved: a person at a terminal to ask, and
    /// `/confirm` not `never`.
    var asksFirst: Bool { console.isInteractive && confirm != .never }

    /// A capture: shows the parse with its chips, then saves on Enter (`n` drops, `e` edits in place).
    ///
    /// With no terminal to ask (piped input) or `/confirm never`, it is saved at once: the text came
    /// from the user, and /undo takes it back.
    func run(_ typed: String) {
        // A line holding several tasks ("buy milk; call mom") shows each as a draft, saved together.
        let parts = reading.splitTasks(typed)
        if parts.count > 1 { return batch(parts) }
        // "Add a reminder for tomorrow 5PM": what to remind about is asked first (CaptureQuestions).
        guard let text = CaptureQuestions(console: console, tools: tools).complete(typed), let preview = dryRun(text) else { return }
        console.line("  " + preview)
        guard asksFirst else {
            save(text)
            return
        }
        switch console.choose("  Save? [Enter/n/e] ", among: [.save, .drop, .edit]) {
        case .save:
            save(text)
        case .edit:
            guard let edited = console.edit(text, at: prompt()) else {
                console.notice("  Dropped.")
                return
            }
            if edited.hasPrefix("/") { handoff.handle(edited) } else { run(edited) }
        case .drop, nil:
            console.notice("  Dropped.")
        }
    }

    /// A pasted block: one capture per line, shown together, confirmed once. A line that starts
    /// with a list marker (`- `, `* `, `• `) after an unmarked line becomes that task's subtask
    /// (the grammar strips the marker); marked lines with no task above them are tasks of their own.
    /// An unmarked line holding several tasks ("buy milk; call mom") gives each.
    func batch(_ pasted: [String]) {
        var previews: [(line: String, preview: String, parent: Int?)] = []
        var lastTask: Int?
        let lines = pasted.flatMap { line in
            Self.hasListMarker(line) ? [line] : reading.splitTasks(line)
        }
        for line in lines {
            // A line that cannot be previewed is reported (by dryRun) and left out; the rest go on.
            guard let preview = dryRun(line) else { continue }
            let marked = Self.hasListMarker(line)
            previews.append((line, preview, marked ? lastTask : nil))
            if !marked { lastTask = previews.count - 1 }
        }
        guard !previews.isEmpty else { return console.notice("  Nothing saved.") }
        console.line(console.style("\(previews.count) tasks:", .bold))
        for (i, item) in previews.enumerated() {
            console.line((item.parent == nil ? "  " : "      ↳ ") + "\(i + 1). " + item.preview)
        }
        if asksFirst {
            guard console.choose("  Save all \(previews.count)? [Enter/n] ", among: [.save, .drop]) == .save else {
                console.notice("  Dropped all \(previews.count).")
                return
            }
        }
        var saved: [Int: Int] = [:]
        for (i, item) in previews.enumerated() {
            // A subtask whose task failed to save is saved on its own rather than lost.
            let parent = item.parent.flatMap { saved[$0] }.map { TaskReference.id(Int64($0)) }
            let result = tools.runTool(CaptureTask(text: item.line, parent: parent))
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
            switch try tools.toolkit.run(CaptureTask(text: text, dryRun: true)) {
            case .done(let output):
                let chips = output.understood.map { TerminalText.sanitized($0.text) }
                let title = console.style(TerminalText.sanitized(output.draft.title), .bold)
                return title + (chips.isEmpty ? "" : "  " + console.renderer.chips(chips))
            case .refused(let refusal):
                console.fail(refusal.message)
                return nil
            }
        } catch {
            console.fail("\(error)")
            return nil
        }
    }

    func save(_ text: String) {
        tools.runTool(CaptureTask(text: text))
    }
}
