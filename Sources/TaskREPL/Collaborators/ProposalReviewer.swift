import Foundation
import TaskCore
import TaskToolkit

/// Decides whether a call the model proposed runs: the confirm policy, the tools the user said
/// "always" to, and the `run? [y/N/a/e]` question with the call's target looked up first.
///
/// A write whose target cannot be resolved is not offered; an ambiguous title lists the candidates
/// and asks which one. With no terminal to ask, writes are denied.
///
/// The model is confined like an agent where it matters, since what it reads (a synced title, an
/// imported calendar, a page) can carry instructions: a call of its that removes or replaces
/// something (`destructive`, by the tool or by its effect) or names a file always asks, whatever
/// `/confirm` says, and "always" never covers it; a path the user did not type in this session (as a
/// whole token of a line, never a part of one) is not offered at all.
final class ProposalReviewer {
    /// Where it asks, and the toolkit it looks targets up in.
    private let console: ChatConsole
    private let toolkit: TaskToolkit
    /// Tools the user answered "always" for in this session.
    private(set) var alwaysAllowed: Set<String> = []
    /// What the user typed in this session (the latest lines): a path the model proposes must be here.
    private(set) var typed: [String] = []
    /// How many typed lines are kept.
    static let typedLimit = 500

    init(console: ChatConsole, toolkit: TaskToolkit) {
        self.console = console
        self.toolkit = toolkit
    }

    /// Remembers a line the user typed.
    func noteTyped(_ line: String) {
        typed.append(line)
        if typed.count > Self.typedLimit { typed.removeFirst(typed.count - Self.typedLimit) }
    }

    /// The argument names that hold a file path, from the tool's schema.
    static func pathArguments(of definition: ToolDefinition) -> [String] {
        definition.inputSchema["properties"]?.objectValue?.keys.filter { $0 == "path" || $0.hasSuffix("_path") }.sorted() ?? []
    }

    /// Whether a model's call needs the user's yes every time: it removes or replaces something, or it
    /// names a file.
    static func alwaysAsks(_ call: any Tool, arguments: JSONValue, in toolkit: TaskToolkit) -> Bool {
        let definition = call.definition
        if definition.destructive || definition.scope == .destructive { return true }
        if pathArguments(of: definition).contains(where: { arguments[$0] != nil && arguments[$0] != .null }) { return true }
        return ((try? call.footprint(in: toolkit))?.scope ?? .destructive) == .destructive
    }

    /// The first path in a model's call that the user never typed in this session, as a whole token
    /// of a typed line (`typedTokens`): a part of a word (`/c`, `sort`, a prefix of a typed path) is not typed.
    func untypedPath(in definition: ToolDefinition, _ arguments: JSONValue) -> String? {
        let paths = Self.pathArguments(of: definition).compactMap { arguments[$0]?.stringValue }
        guard !paths.isEmpty else { return nil }
        let tokens = Set(typed.flatMap(Self.typedTokens))
        return paths.first { !tokens.contains($0) }
    }

    /// The tokens of a typed line a path may be: each word between white space, each quoted run
    /// (`'my file.pdf'`, `"my file.pdf"`) whole, and each word again without the punctuation a
    /// sentence puts around it (`(~/a.pdf),` → `~/a.pdf`, a final full stop) or, for `~/…`, with the home folder spelled out.
    static func typedTokens(_ line: String) -> [String] {
        var tokens: [String] = []
        var rest = Substring(line)
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
            } else if first == "'" || first == "\"", let close = rest.dropFirst().firstIndex(of: first) {
                tokens.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                tokens.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        let around = CharacterSet(charactersIn: "\"'`()[]{}<>,;:!?")
        var out: [String] = []
        for token in tokens {
            let bare = token.trimmingCharacters(in: around)
            // A full stop ends a sentence only at the end: `./a.md` keeps its leading dot.
            for word in [token, bare, String(bare.reversed().drop { $0 == "." }.reversed())]
            where !word.isEmpty && !out.contains(word) {
                out.append(word)
                if word.hasPrefix("~/") { out.append(NSHomeDirectory() + word.dropFirst()) }
            }
        }
        return out
    }

    /// Reviews one call the model proposed: `review`, confined (see the type's summary).
    func reviewModelCall(_ proposed: any Tool, arguments: JSONValue, confirm policy: ConfirmPolicy) -> Verdict {
        if let path = untypedPath(in: proposed.definition, arguments) {
            let refusal = ToolRefusal("the model named the file '\(path)', which you did not type in this session; a model never picks a path on its own")
            console.fail("Not offered: " + TerminalText.sanitized(refusal.message))
            return .refused(refusal)
        }
        return review(proposed, arguments: arguments, confirm: policy,
                      confined: Self.alwaysAsks(proposed, arguments: arguments, in: toolkit))
    }

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
    /// With `confined`, it asks whatever `/confirm` says, and "always" counts for this call only.
    func review(_ proposed: any Tool, arguments: JSONValue, confirm policy: ConfirmPolicy, confined: Bool = false) -> Verdict {
        let definition = proposed.definition
        let needsConfirmation = confined || policy == .all || (!definition.readOnly && policy == .writes)
        if !needsConfirmation || (!confined && alwaysAllowed.contains(definition.name)) { return .run(proposed) }
        var call = proposed
        var arguments = arguments
        while true {
            let words: String
            switch described(&call) {
            case .success(let text): words = text
            case .failure(let refusal): return .refused(refusal)
            }
            guard console.isInteractive else { return .noTerminal(words) }
            let answer = console.ask(words + " — run? [y/N/a/e] ") ?? "n"
            let word = CaptureAnswer.normalised(answer)
            switch word {
            case _ where CaptureAnswer.yesWords.contains(word):
                return .run(call)
            case "a", "always":
                if confined {
                    console.notice("  (always does not cover a model's call that removes, replaces or names a file: it asks each time)")
                } else {
                    alwaysAllowed.insert(definition.name)
                }
                return .run(call)
            case "e", "edit":
                if let (edited, object) = edit(definition.name, arguments) { (call, arguments) = (edited, object) }
            case _ where word.isEmpty || CaptureAnswer.noWords.contains(word):
                return .declined
            default:
                // A new line typed instead of an answer: kept, handled after this question as if typed
                // at the prompt, and the question stands (it is not a no).
                let typedAhead = console.keepTypedAhead(answer)
                console.notice("  y runs it, n (or Enter) does not, a always for this tool, e edits." + (typedAhead ? " Your new line comes next." : ""))
            }
        }
    }

    /// The call in plain words for its question, its target looked up; a title that matched several
    /// tasks asks which first (`call` is then pointed at the one picked). - Returns: the words, or
    /// why the call is not offered (said on the console unless the person skipped the question).
    private func described(_ call: inout any Tool) -> Result<String, ToolRefusal> {
        while true {
            do {
                switch try toolkit.preview(call) {
                case .ready(let text): return .success(TerminalText.sanitized(text))
                case .refused(let refusal):
                    if !refusal.candidates.isEmpty, console.isInteractive, let picked = RefusalFollowUp(console: console).pickCandidate(refusal, for: call) {
                        call = picked
                        continue
                    }
                    if refusal.candidates.isEmpty { console.fail("Not offered: " + refusal.message) }
                    return .failure(refusal)
                }
            } catch {
                console.fail("\(error)")
                return .failure(ToolRefusal("\(error)"))
            }
        }
    }

    /// `e`: the call's JSON arguments to edit on the line. - Returns: the edited call and its
    /// arguments, or nil (said why) when the edit was cancelled or is not a call.
    private func edit(_ name: String, _ arguments: JSONValue) -> (any Tool, JSONValue)? {
        guard let edited = console.ask("args> ", initial: arguments.encoded()) else { return nil }
        noteTyped(edited)
        guard let object = try? JSONValue.parse(edited), object.objectValue != nil else {
            console.fail(REPLError.invalidEditedArguments("could not parse it").description)
            return nil
        }
        do {
            return (try toolkit.prepare(name, object), object)
        } catch {
            console.fail("\(error)")
            return nil
        }
    }
}
