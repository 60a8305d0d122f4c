import TaskCLI

/// A command whose first word names one of its actions (`tasker agent undo claude --since 2h`), each
/// its own `Command` type with its own signature, as argument-parser nests subcommands: an action's
/// options, words and `--help` are its own, and an option of another action is refused by name.
///
/// The group's `signature` (from `groupSignature`) answers `tasker agent --help` with every action's
/// usage line, generated from the actions' declarations.
protocol CommandGroup: Command {
    /// The actions, in the order help lists them; each signature is named `group action` (`agent undo`).
    static var actions: [any Command.Type] { get }
}

extension CommandGroup {
    /// The action's own word: `undo` of `agent undo`.
    static func word(of action: any Command.Type) -> String {
        String(action.signature.name.split(separator: " ").last ?? "")
    }

    /// "add, list or undo", for messages.
    static var actionList: String {
        let words = actions.map(word(of:))
        return words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }

    /// The declaration `tasker GROUP --help` is generated from: one usage line per action (its options
    /// and words), a table of the actions' summaries, then `details`.
    static func groupSignature(summary: String, details: String, examples: [String], secretWords: String? = nil) -> CommandSignature {
        let forms = actions.flatMap { action in
            let options = action.signature.options.map { "[\($0.usage)]" }
            return (action.signature.words.isEmpty ? [""] : action.signature.words).map { form in
                ([word(of: action)] + options + (form.isEmpty ? [] : [form])).joined(separator: " ")
            }
        }
        let width = actions.map { word(of: $0).count }.max() ?? 0
        let table = actions.map { action in
            let word = word(of: action)
            return "  \(word)\(String(repeating: " ", count: width - word.count + 2))\(action.signature.summary)"
        }
        let name = actions.first.map { String($0.signature.name.split(separator: " ").first ?? "") } ?? ""
        return CommandSignature(
            name: name, summary: summary, words: forms,
            details: "Actions (each with its own options: `tasker \(name) ACTION --help`):\n" + table.joined(separator: "\n") + "\n\n" + details,
            examples: examples, secretWords: secretWords)
    }

    /// The action the arguments name, and the arguments without its word; nil when no word names one
    /// (only options, as `tasker agent --help`). Options before the action's word are skipped, with
    /// their values.
    /// - Throws: `UsageError` when the first word is not an action.
    static func action(in arguments: [String], shared: [OptionSpec]) throws -> (action: any Command.Type, arguments: [String])? {
        let known = shared + actions.flatMap { $0.signature.options }
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return nil }
            guard CommandSignature.looksLikeOption(word) else {
                guard let action = actions.first(where: { Self.word(of: $0) == word }) else {
                    throw UsageError("unknown \(signature.name) action \(signature.shown(word)); use \(actionList)")
                }
                var rest = arguments
                rest.remove(at: index)
                try refuseOthersOptions(rest, for: action)
                return (action, rest)
            }
            let spelling = String(word.split(separator: "=", maxSplits: 1).first ?? "")
            index += known.first(where: { $0.isSpelled(spelling) })?.takesValue == true && !word.contains("=") ? 2 : 1
        }
        return nil
    }

    /// `tasker agent undo claude --scopes read`: an option another action declares, refused by name
    /// before the action's own parser would call it unknown.
    private static func refuseOthersOptions(_ arguments: [String], for action: any Command.Type) throws {
        for word in arguments.prefix(while: { $0 != "--" }) where CommandSignature.looksLikeOption(word) {
            let spelling = String(word.split(separator: "=", maxSplits: 1).first ?? "")
            guard !action.signature.options.contains(where: { $0.isSpelled(spelling) }),
                  let owner = actions.first(where: { $0.signature.options.contains { $0.isSpelled(spelling) } }) else { continue }
            throw UsageError("\(spelling) is an option of \(owner.signature.name), not of \(action.signature.name); run `tasker \(action.signature.name) --help`")
        }
    }

    /// Without an action there is nothing to do (`--help` is answered before this runs).
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        throw UsageError("\(signature.name) takes \(actionList); run `tasker \(signature.name) --help`")
    }
}
