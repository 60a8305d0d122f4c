import Foundation
import TaskCore
import TaskToolkit

/// Decides whether a call the model proposed runs: the confirm policy, the tools the user said
/// "always" to, and the `run? [y/N/a/e]` question with the call's target looked up first.
///
/// A write whose target cannot be resolved is not offered; an ambiguous title lists the candidates
/// and asks which one. With no terminal to ask, writes are denied.
struct ProposalReviewer {
    /// Tools the user answered "always" for in this session.
    private(set) var alwaysAllowed: Set<String> = []

    enum Verdict {
        /// Run this call (perhaps pointed at a candidate, or edited).
        case run(any Tool)
        /// The user said no.
        case declined
        /// It needs a yes and there is no terminal to ask: shown in words, not run.
        case noTerminal(String)
        /// Its target could not be resolved (or the edit did not parse into a call): not offered.
        case refused(ToolRefusal)
    }

    /// Reviews one proposed call; `arguments` is its JSON, offered for `e` (edit).
    mutating func review(_ proposed: any Tool, arguments: JSONValue, in session: ChatSession) -> Verdict {
        let definition = proposed.definition
        let policy = session.settings.confirm
        let needsConfirmation = policy == .all || (!definition.readOnly && policy == .writes)
        if !needsConfirmation || alwaysAllowed.contains(definition.name) { return .run(proposed) }
        var call = proposed
        var arguments = arguments
        while true {
            let words: String
            do {
                switch try session.toolkit.preview(call) {
                case .ready(let text): words = TerminalText.sanitized(text)
                case .refused(let refusal):
                    if !refusal.candidates.isEmpty, session.reader.isInteractive, let picked = session.pickCandidate(refusal, for: call) {
                        call = picked
                        continue
                    }
                    if refusal.candidates.isEmpty { session.fail("Not offered: " + refusal.message) }
                    return .refused(refusal)
                }
            } catch {
                session.fail("\(error)")
                return .refused(ToolRefusal("\(error)"))
            }
            guard session.reader.isInteractive else { return .noTerminal(words) }
            switch session.ask(words + " — run? [y/N/a/e] ")?.lowercased() ?? "n" {
            case "y", "yes":
                return .run(call)
            case "a", "always":
                alwaysAllowed.insert(definition.name)
                return .run(call)
            case "e", "edit":
                guard let edited = session.ask("args> ", initial: arguments.encoded()) else { continue }
                guard let object = try? JSONValue.parse(edited), object.objectValue != nil else {
                    session.fail(REPLError.invalidEditedArguments("could not parse it").description)
                    continue
                }
                do {
                    call = try session.toolkit.prepare(definition.name, object)
                    arguments = object
                } catch {
                    session.fail("\(error)")
                }
            default:
                return .declined
            }
        }
    }
}
