/// Dates said as what a task is about, and the words that leave with a due (issue 42).
extension ParseScope {
    /// Where a date said as the topic of the task ends, or nil: a phrase with a day and no time right
    /// after `about`, `re` or `regarding` (`text jake about saturday`, `email ann re the 20th`) is the
    /// topic, not a due, and stays in the title. A time keeps its reading (`call bob about 5pm`).
    func topicEnd(at i: Int) -> Int? {
        guard i > 0, Self.isTopicWord(word(i - 1)), let p = readPhrase(at: i), p.time == nil else { return nil }
        return p.tokens.upperBound
    }

    /// `about`, `re`, `regarding`, `concerning`: compared as small strings, not hashed (asked before
    /// every reading of the scan).
    static func isTopicWord(_ w: String) -> Bool {
        guard let b = w.utf8.first, b == 97 || b == 114 || b == 99 else { return false }  // a, r, c: most words stop here
        return w == "about" || w == "re" || w == "re:" || w == "regarding" || w == "concerning"
    }

    /// The token of a word that leaves with the phrase `p` read at `i`, or nil: `is` or `are` right
    /// before a due opened by `due` (`the deposit is due on the 20th`), and `about` or `around` right
    /// before a time (`call bob about 5pm`), so the title does not end on them.
    func wordLeaving(before i: Int, _ p: TemporalPhrase) -> Int? {
        guard i > 0 else { return nil }
        if word(i) == "due", word(i - 1) == "is" || word(i - 1) == "are" { return i - 1 }
        if p.time != nil, word(i - 1) == "about" || word(i - 1) == "around" { return i - 1 }
        return nil
    }
}
