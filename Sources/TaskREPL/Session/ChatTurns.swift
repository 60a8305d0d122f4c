import Foundation
import TaskCore
import TaskToolkit

/// One line, dispatched: a slash command, a rule, a dialogue act, a capture, a dictation or a model
/// turn, each built from the narrow parts it needs. `ChatSession` builds one per line from the
/// parts it owns; a test builds one from fakes. It is the `ChatHandoff` every turn hands lines to.
struct ChatTurns: ChatHandoff {
    let console: any ChatConsole
    let tools: any ChatTools
    let mode: ChatMode
    let reviewer: ProposalReviewer
    let router: IntentRouter
    let reading: ChatReading
    /// The prompt of the moment (an edit is asked at it).
    let prompt: () -> String
    /// What the slash commands act on besides the above.
    let reader: LineReader
    let approvals: ChatApprovals
    let syncNow: (() -> [String])?

    /// Handles one line: a slash command, a rule, a capture or a model turn.
    func handle(_ line: String) {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        if !LineConsole.isSecret(text) { reviewer.noteTyped(text) }
        if text.hasPrefix("/") {
            runCommand(text)
            return
        }
        switch router.route(text) {
        case .capture(let captured):
            if let act = DialogueAct.of(captured) {
                DialogueReply(console: console, handoff: self, modelMode: mode.modelMode).run(act, line: captured)
            } else if !mode.modelMode {
                capture(captured)
            } else if ModelTurn.isRequest(captured) {
                modelTurn(captured)
            } else {
                dictate(captured)
            }
        case let intent:
            RuleTurn(
                console: console, tools: tools, handoff: self, reviewer: reviewer, router: router, reading: reading,
                modelMode: mode.modelMode, confirm: mode.settings.confirm, line: text
            ).run(intent)
        }
    }

    /// Runs `/name args`; an unknown name gets one line listing the closest.
    func runCommand(_ text: String) {
        let body = text.dropFirst()
        let name = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        guard let command = SlashCommand.named(name, in: ChatCommands.all) else {
            let close = SlashCommand.closest(to: name, in: ChatCommands.all)
            console.fail("unknown command /\(name)" + (close.isEmpty ? "; type /help for the list" : "; did you mean \(close.joined(separator: ", "))?"))
            return
        }
        do {
            try command.run(commands, argument)
        } catch {
            console.fail("\(error)")
        }
    }

    /// What the slash commands act on.
    var commands: ChatCommands {
        ChatCommands(console: console, tools: tools, mode: mode, handoff: self, reader: reader, approvals: approvals, syncNow: syncNow)
    }

    /// The rules' capture, asking as `/confirm` says.
    var capturing: ChatCapture {
        ChatCapture(console: console, tools: tools, handoff: self, reading: reading, confirm: mode.settings.confirm, prompt: prompt)
    }

    func capture(_ text: String) { capturing.run(text) }

    func modelTurn(_ text: String) {
        guard let conversation = mode.model else { return capture(text) }
        var turn = ModelTurn(
            console: console, tools: tools, handoff: self, reviewer: reviewer, reading: reading, conversation: conversation,
            wait: mode.modelWait(console), confirm: mode.settings.confirm, text: text)
        turn.run()
    }

    /// A dictation through the model's structured refine request (`DictationTurn`).
    func dictate(_ text: String) {
        guard let conversation = mode.model, let refiner = conversation.refiner else { return modelTurn(text) }
        DictationTurn(capture: capturing, conversation: conversation, refiner: refiner, wait: mode.modelWait(console)).run(text)
    }

    func plan(_ call: PlanDay) {
        PlanRouting(
            console: console, tools: tools, choice: mode.settings.planner, conversation: mode.activeModel, clock: reading.clock,
            timeZone: reading.timeZone, wait: mode.modelWait(console)
        ).run(call)
    }
}
