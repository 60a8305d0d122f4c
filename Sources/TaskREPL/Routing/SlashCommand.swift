import TaskCore

/// One REPL command (`/help`, `/list today`, …): the table drives /help, completion and validation.
public struct SlashCommand: Sendable {
    /// Without the slash.
    public var name: String
    /// How its arguments are written in /help ("[filter]", "ID|TITLE"); empty for none.
    public var arguments: String
    public var summary: String
    /// Other names it answers to (`/q`, `/exit`), shown in /help.
    public var aliases: [String]
    /// Fixed words its first argument may be (completed with Tab; others are refused with a hint).
    public var choices: [String]
    /// Runs it with the text after the name (trimmed), on the parts of the chat commands change
    /// (`ChatCommands`). - Throws: `REPLError.usage` with a hint.
    var run: @Sendable (ChatCommands, String) throws -> Void

    init(
        _ name: String, _ arguments: String = "", _ summary: String, choices: [String] = [], aliases: [String] = [],
        run: @escaping @Sendable (ChatCommands, String) throws -> Void
    ) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.choices = choices
        self.aliases = aliases
        self.run = run
    }

    /// `/list [filter]` for /help.
    public var usage: String { arguments.isEmpty ? "/\(name)" : "/\(name) \(arguments)" }

    /// The command called `name` or one of its aliases (any case).
    public static func named(_ name: String, in commands: [SlashCommand]) -> SlashCommand? {
        let lower = name.lowercased()
        return commands.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// The commands closest to a mistyped name: a shared prefix first, then by edit distance.
    public static func closest(to name: String, in commands: [SlashCommand], limit: Int = 3) -> [String] {
        let lower = name.lowercased()
        let scored = commands.map { command -> (String, Int) in
            let prefix = command.name.hasPrefix(lower) || lower.hasPrefix(command.name) ? -10 : 0
            return (command.name, editDistance(lower, command.name) + prefix)
        }
        return scored.filter { $0.1 <= 3 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map { "/" + $0.0 }
    }

    static func editDistance(_ a: String, _ b: String) -> Int { EditDistance.count(Array(a), Array(b)) }
}
