import Foundation
import TaskCore

/// Where a chat collaborator talks with the person: it shows lines (it is an `OutputSink`) and asks
/// questions. `LineConsole` is the chat's own, over a `LineReader`; a test gives a scripted one.
///
/// Collaborators take this, not the session: a turn that asks and shows can be built with a fake.
protocol ChatConsole: OutputSink {
    /// True when a person is at a terminal to answer questions.
    var isInteractive: Bool { get }
    /// Whether lines are coloured (`Style`).
    var useColor: Bool { get }
    /// A renderer for this moment.
    var renderer: TaskRenderer { get }
    /// While a question asks which task ("done" alone), the verb Tab completes its answer after.
    var answerVerb: String? { get set }

    /// Asks one question; nil when there is no terminal to ask, on Ctrl-C or at EOF.
    ///
    /// Keys typed before the question appeared (a `y` pressed while the model was thinking) do not
    /// answer it.
    func ask(_ question: String, initial: String) -> String?
    /// Asks for one key (no Enter at a terminal); nil when there is no terminal, on Ctrl-C or at EOF.
    func askKey(_ question: String) -> String?
    /// Keeps an answer that is a new line typed too soon (a sentence or a slash command) to handle
    /// after the current line, as if typed at the prompt. - Returns: whether it was kept.
    func keepTypedAhead(_ answer: String) -> Bool
    /// Remembers a line in the (persistent) history.
    func addHistory(_ line: String)
}

extension ChatConsole {
    func ask(_ question: String) -> String? { ask(question, initial: "") }

    func style(_ text: String, _ style: Style) -> String { style.apply(text, useColor) }

    /// One line about a failure, saying what to do. The message may quote a title, a path or an
    /// endpoint's error body, so it is sanitised (`TerminalText`, one line).
    func fail(_ message: String) { line(style("✗ " + TerminalText.sanitized(message), .red)) }

    /// One dim line; sanitised like `fail` (it may carry an error from the model path).
    func notice(_ message: String) { line(style(TerminalText.sanitized(message), .dim)) }

    /// Asks again at `prompt` with `initial` on the line to edit; a non-empty answer is kept in the
    /// history (never a `/key` line). Nil when the person cancelled or left it empty.
    func edit(_ initial: String, at prompt: String) -> String? {
        guard let edited = ask(prompt, initial: initial), !edited.isEmpty else { return nil }
        if !LineConsole.isSecret(edited) { addHistory(edited) }
        return edited
    }

    /// Asks `question` until the answer is one of `choices` (nil at end of input). Anything else —
    /// typically the next task typed before this one was confirmed — is not taken as "no": the
    /// question is asked again with what each key does, so the shown capture is never lost silently.
    func choose(_ question: String, among choices: [CaptureAnswer]) -> CaptureAnswer? {
        while let answer = ask(question) {
            let word = CaptureAnswer.normalised(answer)
            if let choice = choices.first(where: { $0.words.contains(word) }) { return choice }
            // A new sentence (or a slash command) instead of an answer, typed too soon: the question
            // stands (the draft shown is not dropped) and the line is kept, handled after the answer
            // as if typed at the prompt, so nothing typed is lost.
            let typedAhead = keepTypedAhead(answer)
            let keys = [CaptureAnswer.save: "Enter saves", .drop: "n drops", .edit: "e edits"]
            notice("  " + choices.compactMap { keys[$0] }.joined(separator: ", ") + "." + (typedAhead ? " Your new line comes next." : ""))
        }
        return nil
    }
}
