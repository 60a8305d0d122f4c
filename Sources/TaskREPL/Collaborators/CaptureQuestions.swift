import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// Asks what a capture leaves out before it is shown: a title that is only a container word (`Add a
/// reminder for tomorrow 5PM` → "What should I remind you about?") and a place named by the start of
/// several saved places (`at Whole Foods` with `Whole Foods Downtown` and `Whole Foods Pearl St`).
///
/// Returns the text to capture with the answers put in, the text itself when nothing is missing, or
/// nil when the person cancelled or there is no terminal to ask (said why).
struct CaptureQuestions {
    let console: ChatConsole
    let tools: ChatTools

    func complete(_ text: String) -> String? {
        guard let draft = draft(text) else { return text }
        var text = text
        if Self.isContainer(draft.title) {
            guard console.isInteractive else {
                console.fail("What should I remind you about? Say it in one line, e.g. `call mom tomorrow 5pm`; nothing saved.")
                return nil
            }
            guard let answer = console.ask("  What should I remind you about? ", initial: ""), !answer.isEmpty else {
                console.notice("  Dropped.")
                return nil
            }
            text = Self.replacingContainer(in: text, title: draft.title, with: answer)
        }
        if draft.place == nil, let (phrase, names) = ambiguousPlace(in: text) {
            guard console.isInteractive else {
                console.notice("'\(TerminalText.sanitized(phrase))' could be \(names.map { TerminalText.sanitized($0) }.joined(separator: " or ")); not bound to a place.")
                return text
            }
            console.line("  Which \(TerminalText.sanitized(phrase))?")
            for (i, name) in names.enumerated() { console.line("    \(i + 1). \(TerminalText.sanitized(name))") }
            let answer = console.ask("  Number, or Enter for none: ") ?? ""
            if let n = Int(answer), names.indices.contains(n - 1) {
                text = text.replacingOccurrences(of: "at " + phrase, with: "when I get to " + names[n - 1], options: .caseInsensitive)
            }
        }
        return text
    }

    func draft(_ text: String) -> TaskDraft? {
        guard let result = try? tools.toolkit.run(CaptureTask(text: text, dryRun: true)), case .done(let output) = result else { return nil }
        return output.draft
    }

    static let fillers: Set<String> = ["add", "set", "create", "make", "new", "put", "save", "schedule", "please", "a", "an", "another", "quick", "up"]
    static let containers: Set<String> = ["reminder", "task", "todo", "to-do", "item", "entry"]

    /// Whether a title says only that there is something ("Add a reminder", "A todo"). "Remind me
    /// at 5pm" is left to the grammar, which keeps its words in the title.
    static func isContainer(_ title: String) -> Bool {
        let words = title.lowercased().replacingOccurrences(of: "to do", with: "todo").split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init)
        let rest = words.drop { fillers.contains($0) }
        return !rest.isEmpty && rest.allSatisfy(containers.contains)
    }

    /// The text with its container title replaced by the answer ("Add a reminder for tomorrow 5PM",
    /// "call mom" → "call mom for tomorrow 5PM"), the rest (what was already read) kept.
    static func replacingContainer(in text: String, title: String, with answer: String) -> String {
        if let range = text.range(of: title, options: .caseInsensitive) {
            return (String(text[..<range.lowerBound]) + answer + " " + String(text[range.upperBound...]))
                .split(separator: " ").joined(separator: " ")
        }
        return answer + " " + text
    }

    /// "at Whole Foods" where the words after `at` start two or more saved place names: those words
    /// and the names.
    func ambiguousPlace(in text: String) -> (String, [String])? {
        let names = tools.placeNames
        guard names.count > 1 else { return nil }
        let words = text.split(separator: " ").map(String.init)
        for (i, word) in words.enumerated() where word.lowercased() == "at" {
            var best: (String, [String])?
            for end in (i + 1)..<words.count {
                let phrase = words[(i + 1)...end].joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ",.;!?"))
                let fits = names.filter { $0.lowercased().hasPrefix(phrase.lowercased()) }
                if fits.count > 1 { best = (phrase, fits.sorted()) }
                if fits.count < 2 { break }
            }
            if let best { return best }
        }
        return nil
    }
}
