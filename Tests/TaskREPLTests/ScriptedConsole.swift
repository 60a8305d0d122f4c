import Foundation
import TaskCore
import TaskToolkit
@testable import TaskREPL

/// A `ChatConsole` with no terminal behind it: answers from a script, every line and question
/// recorded. What a chat turn needs of a person, and nothing of the session.
final class ScriptedConsole: ChatConsole {
    var answers: [String]
    let isInteractive: Bool
    let useColor = false
    var answerVerb: String?
    private(set) var written = ""
    private(set) var questions: [String] = []
    private(set) var history: [String] = []
    private(set) var typedAhead: [String] = []

    init(answers: [String] = [], interactive: Bool = true) {
        self.answers = answers
        self.isInteractive = interactive
    }

    var renderer: TaskRenderer { TaskRenderer(useColor: false, timeZone: london, now: testNow) }
    var lines: [String] { written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    func write(_ text: String) { written += text }

    func ask(_ question: String, initial: String) -> String? {
        guard isInteractive else { return nil }
        questions.append(question)
        return answers.isEmpty ? nil : answers.removeFirst()
    }

    func askKey(_ question: String) -> String? { ask(question, initial: "") }

    func keepTypedAhead(_ answer: String) -> Bool {
        typedAhead.append(answer)
        return true
    }

    func addHistory(_ line: String) { history.append(line) }
}

/// A `ChatTools` that records the calls it is asked to run and runs none: dry runs and look-ups
/// still go to the real toolkit it is given.
final class RecordingTools: ChatTools {
    let toolkit: TaskToolkit
    var recentTask: TaskID?
    var undoLog = UndoLog()
    private(set) var ran: [any Tool] = []

    init(toolkit: TaskToolkit) { self.toolkit = toolkit }

    func runTool<T: Tool>(_ call: T, quiet: Bool) -> JSONValue {
        ran.append(call)
        return ["ok": true]
    }
}

/// A `ChatHandoff` that records where lines were handed.
final class RecordingHandoff: ChatHandoff {
    private(set) var captured: [String] = []
    private(set) var toModel: [String] = []
    private(set) var plans: [PlanDay] = []
    private(set) var handled: [String] = []

    func capture(_ text: String) { captured.append(text) }
    func modelTurn(_ text: String) { toModel.append(text) }
    func plan(_ call: PlanDay) { plans.append(call) }
    func handle(_ line: String) { handled.append(line) }
}
