/// What Tab completes against: filled lazily from the store, refreshed after changes.
public struct CompletionWords: Sendable, Hashable {
    public var projects: [String]
    public var titles: [String]
    public var contexts: [String]

    public init(projects: [String] = [], titles: [String] = [], contexts: [String] = []) {
        self.projects = projects
        self.titles = titles
        self.contexts = contexts
    }
}

/// Tab completion, pure: given the text before the cursor, the candidates for its last part and
/// where that part starts.
///
/// Slash commands and their fixed arguments, tool names after `/tools`, `#contexts` anywhere, task
/// titles after `done`/`move`/`defer`/`/done`, project names after `project`/`note to`/`/list`.
public struct Completer: Sendable {
    public var commands: [SlashCommand]
    public var toolNames: [String]

    public init(commands: [SlashCommand], toolNames: [String]) {
        self.commands = commands
        self.toolNames = toolNames
    }

    /// The completion of `line` (the text before the cursor): `start` is the character offset where
    /// the replaced part begins; each candidate replaces `line[start...]`.
    public func complete(_ line: String, words: () -> CompletionWords) -> (start: Int, candidates: [String]) {
        let chars = Array(line)
        let lower = line.lowercased()
        // A slash command's name.
        if line.hasPrefix("/") && !line.contains(" ") {
            let names = commands.map { "/" + $0.name }.filter { $0.hasPrefix(lower) }
            return (0, names)
        }
        // The last word, for #contexts and fixed choices.
        let wordStart = (chars.lastIndex(where: { $0 == " " }).map { $0 + 1 }) ?? 0
        let word = String(chars[wordStart...]).lowercased()
        if word.hasPrefix("#") || word.hasPrefix("@") {
            let sigil = String(word.prefix(1))
            let found = words().contexts.map { sigil + $0 }.filter { $0.lowercased().hasPrefix(word) }
            return (wordStart, found)
        }
        if line.hasPrefix("/") {
            let name = String(lower.dropFirst().prefix { $0 != " " })
            let rest = String(chars[(name.count + 2)...])
            let restStart = name.count + 2
            switch name {
            case "tools": return (restStart, toolNames.filter { $0.hasPrefix(rest.lowercased()) })
            case "done": return (restStart, Self.matching(words().titles, rest))
            case "list":
                let choices = (commands.first { $0.name == "list" }?.choices ?? []) + words().projects
                return (restStart, Self.matching(choices, rest))
            default:
                let choices = commands.first { $0.name == name }?.choices ?? []
                return (wordStart, choices.filter { $0.hasPrefix(word) })
            }
        }
        // After a verb that names a task or a project.
        for verb in ["done ", "finished ", "complete ", "move ", "reschedule ", "defer ", "snooze "] where lower.hasPrefix(verb) {
            let rest = String(chars[verb.count...])
            return (verb.count, Self.matching(words().titles, rest))
        }
        for prefix in ["note to ", "list project ", "project "] where lower.hasPrefix(prefix) {
            let rest = String(chars[prefix.count...])
            return (prefix.count, Self.matching(words().projects, rest))
        }
        return (wordStart, [])
    }

    /// Candidates starting with `prefix`, case-insensitively, in their order, without duplicates.
    static func matching(_ candidates: [String], _ prefix: String) -> [String] {
        let lower = prefix.lowercased()
        var seen = Set<String>()
        return candidates.filter { $0.lowercased().hasPrefix(lower) && seen.insert($0.lowercased()).inserted }
    }

    /// The longest prefix all candidates share (case-sensitive, the first candidate's case).
    public static func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first.map(Array.init) else { return "" }
        for candidate in candidates.dropFirst() {
            let c = Array(candidate)
            var n = 0
            while n < prefix.count && n < c.count && String(prefix[n]).lowercased() == String(c[n]).lowercased() { n += 1 }
            prefix = Array(prefix[..<n])
        }
        return String(prefix)
    }
}
