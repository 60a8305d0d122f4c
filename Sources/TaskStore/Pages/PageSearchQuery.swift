/// Turns what a person typed into a safe FTS5 MATCH expression.
///
/// The text is split into words on anything that is not a letter or digit (as FTS5's unicode61
/// tokenizer does); each word becomes a quoted prefix term and the terms are joined with AND. So
/// quotes, `NEAR`, `*`, `-`, `:`, `^` and parentheses in user text are never FTS syntax.
enum PageSearchQuery {
    /// `"word1"* AND "word2"*`, or nil when the text has no words.
    static func matchExpression(_ text: String) -> String? {
        var words: [String] = []
        var current = ""
        for ch in text {
            if ch.isLetter || ch.isNumber {
                current.append(ch)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { return nil }
        // Words hold only letters and digits, but quotes are doubled anyway so a change to the split
        // can never open an injection.
        return words.prefix(16).map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"*" }.joined(separator: " AND ")
    }
}
