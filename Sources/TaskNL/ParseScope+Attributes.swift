import TaskCore

extension ParseScope {
    /// `critical` `urgent` `asap` `!critical` `!!!` · `important` `high priority` `!high` `!!` ·
    /// `someday` `low priority` `!low`.
    func readPriority(at i: Int) -> (priority: Priority, end: Int)? {
        switch word(i) {
        case "critical", "urgent", "asap", "!critical", "!urgent", "!!!": return (.critical, i + 1)
        case "important", "!high", "!important", "!!": return (.high, i + 1)
        case "someday", "!low": return (.low, i + 1)
        case "high": return word(i + 1) == "priority" ? (.high, i + 2) : nil
        case "low": return word(i + 1) == "priority" ? (.low, i + 2) : nil
        default: return nil
        }
    }

    /// `~15m`, `~1h30m`, `30 min`, `45 mins`, `90min`, `2h`, `1.5h`, `2 hours`, `for 2 hours`, `for an hour`.
    /// `in 2 hours` is a due time, read before this. An article counts as one only after `for`
    /// (`for an hour`); `wait a minute` and `spend an hour on taxes` carry no estimate.
    func readEstimate(at i: Int) -> (minutes: Int, end: Int)? {
        let w = word(i)
        if w.hasPrefix("~") {
            return DurationText(String(w.dropFirst()), minuteSuffix: true, bareNumber: true).map { ($0.minutes, i + 1) }
        }
        if w == "for" { return DurationPhrase.read(tokens, at: i + 1, allowArticle: true) }
        return DurationPhrase.read(tokens, at: i, allowArticle: false)
    }

    /// `#quick` `~quick` · `~focused` `#focused` `~focus` `#focus` · `deep work` `~deep` `#deep`.
    func readEnergy(at i: Int) -> (energy: Energy, end: Int)? {
        switch word(i) {
        case "#quick", "~quick": return (.quick, i + 1)
        case "#focused", "~focused", "~focus", "#focus": return (.focused, i + 1)
        case "#deep", "~deep": return (.deep, i + 1)
        case "deep": return word(i + 1) == "work" ? (.deep, i + 2) : nil
        default: return nil
        }
    }

    /// `#errands` or `@phone`: a sigil at the start of the word, then letters, digits, `_` and `-`,
    /// with at least one letter. Returns the tag as typed (sigil included) and lower-cased without it.
    func readTag(at i: Int) -> (typed: String, context: String, end: Int)? {
        guard i < count, let byte = tokens[i].word.utf8.first, byte == UInt8(ascii: "#") || byte == UInt8(ascii: "@") else { return nil }
        let w = word(i), raw = tokens[i].raw
        if w.utf8.allSatisfy({ $0 < 0x80 }) && raw.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTag(w, raw: raw, end: i + 1) }
        guard let sigil = w.first, sigil == "#" || sigil == "@", w.count > 1 else { return nil }
        var hasLetter = false
        for c in w.dropFirst() {
            if c.isLetter {
                hasLetter = true
            } else if !(c.isNumber || c == "_" || c == "-") {
                return nil
            }
        }
        guard hasLetter else { return nil }
        var typed = Substring(tokens[i].raw)
        while let last = typed.last, [",", ".", "!", "?", ";"].contains(last) { typed = typed.dropLast() }
        return (String(typed), String(w.dropFirst()), i + 1)
    }

    /// `readTag` for an ASCII word, byte by byte: the same answer without Character checks.
    private func asciiTag(_ w: String, raw: String, end: Int) -> (typed: String, context: String, end: Int)? {
        let body = w.utf8.dropFirst()
        guard !body.isEmpty else { return nil }
        var hasLetter = false
        for b in body {
            if b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z") {
                hasLetter = true
            } else if !((b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")) {
                return nil
            }
        }
        guard hasLetter else { return nil }
        var typed = Substring(raw)
        while let last = typed.utf8.last, Tokenizer.isTrailingPunctuation(last) { typed = typed.dropLast() }
        return (String(typed), String(w.dropFirst()), end)
    }
}
