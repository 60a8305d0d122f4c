import Foundation

/// The chat's answer to a line that is not a task (`DialogueAct`): one line, nothing saved.
///
/// A question that is not about tasks goes to the model when there is one (it may answer it);
/// offline it gets one line saying so; so does a greeting. Acknowledgements never reach the model.
struct DialogueReply {
    let console: ChatConsole
    /// Where a question goes when the model is on (`modelMode`).
    let handoff: ChatHandoff
    let modelMode: Bool

    static let offline = "I keep your tasks; I can't answer that offline."
    static let taskQuestions = "I can answer: what's due today / tomorrow / this week, what's overdue, what did I finish today, "
        + "what's my next reminder, what's the task I made yesterday, how many tasks do I have."

    func run(_ act: DialogueAct, line: String) {
        switch act {
        case .thanks:
            console.notice("You're welcome.")
        case .acknowledgement:
            console.notice("Nothing is waiting for an answer; type a task, a question about your tasks, or /help.")
        case .greeting:
            if modelMode { return handoff.modelTurn(line) }
            console.notice("Hi — type a task, a question about your tasks, or /help.")
        case .question:
            if modelMode { return handoff.modelTurn(line) }
            console.notice(Self.offline + " (Not saved as a task; say it as one, e.g. `look up …`, to keep it.)")
        case .taskQuestion:
            if modelMode { return handoff.modelTurn(line) }
            console.notice("I don't know how to read that question offline. " + Self.taskQuestions)
        }
    }
}
