/// Reading a command line by its declaration.
extension CommandSignature {
    /// Reads `arguments` (the words after the command's name) by the command's options plus
    /// `shared` (the global ones, which may appear anywhere before `--`).
    ///
    /// `--name value` and `--name=value` are both accepted; `--` ends the options; `-` and words
    /// such as `-5` are words, not options. An option that `answersAlone` (`--help`) given before
    /// `--` is answered even when other words are wrong.
    /// - Throws: `UsageError` for an unknown option, a missing value, a value given to a flag, an
    ///   option given twice, or more words than the command takes; one line ending in what to run.
    public func parse(_ arguments: [String], shared: [OptionSpec] = []) throws -> ParsedArguments {
        let known = options + shared
        var parsed = ParsedArguments()
        var problem: String?
        func fail(_ text: String) { if problem == nil { problem = text } }
        var index = 0
        var terminated = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if terminated || !Self.looksLikeOption(word) {
                parsed.words.append(word)
                continue
            }
            if word == "--" {
                terminated = true
                parsed.wordsBeforeTerminator = parsed.words.count
                continue
            }
            let (spelling, inline) = Self.split(word)
            guard let option = known.first(where: { $0.isSpelled(spelling) }) else {
                fail("unknown option " + shown(word))
                continue
            }
            let repeated = parsed.has(option) || parsed.value(option) != nil
            if let valueName = option.valueName {
                var value = inline
                if value == nil, index < arguments.count {
                    value = arguments[index]
                    index += 1
                }
                guard let value else {
                    fail("\(option.name) needs a value (\(valueName))")
                    continue
                }
                if repeated { fail("\(option.name) is given twice") }
                parsed.values[option.name] = value
            } else {
                if inline != nil { fail("\(option.name) takes no value") }
                if repeated { fail("\(option.name) is given twice") }
                parsed.flags.insert(option.name)
            }
        }
        if !terminated { parsed.wordsBeforeTerminator = parsed.words.count }
        if let maxWords, parsed.words.count > maxWords {
            let extra = parsed.words[maxWords]
            let takes = maxWords == 0 ? "takes no arguments" : "takes at most \(maxWords) word\(maxWords == 1 ? "" : "s"): \(words.joined(separator: " or "))"
            fail("unexpected word \(shown(extra)) (\(name) \(takes))")
        }
        if let problem, !known.contains(where: { $0.answersAlone && parsed.has($0) }) {
            throw UsageError("\(name): \(problem); run `tasker \(name) --help`")
        }
        return parsed
    }

    /// A word of the command line as a usage error shows it: quoted, or, for a command whose words
    /// may be a secret, not at all.
    public func shown(_ word: String) -> String {
        guard let secretWords else { return "'\(word)'" }
        return "(not shown: it may be a secret; \(secretWords))"
    }

    /// Where the command's name is in a whole command line: the first word that is not one of
    /// `shared` (or its value); nil when an option or `--` comes first, or there are no words.
    public static func commandIndex(in arguments: [String], shared: [OptionSpec]) -> Int? {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            guard looksLikeOption(word) else { return index }
            let (spelling, inline) = split(word)
            guard let option = shared.first(where: { $0.isSpelled(spelling) }) else { return nil }
            index += option.takesValue && inline == nil ? 2 : 1
        }
        return nil
    }

    /// Options start with `--` or with `-` and a letter; `-`, `-5`, `-~` and `- buy milk` (a quoted
    /// list item) are words.
    public static func looksLikeOption(_ word: String) -> Bool {
        if word.hasPrefix("--") { return true }
        guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
        return second.isLetter
    }

    /// `--db=PATH` → (`--db`, `PATH`); anything else is its own spelling with no inline value.
    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
