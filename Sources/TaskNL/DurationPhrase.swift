/// A span of time written in words, read the one way both the capture grammar and the chat's
/// router read it: `90 min`, `90min`, `1h30`, `1h30m`, `1.5h`, `1.5 hours`, `2 hours`, `two hours`,
/// `an hour`, `half an hour`.
///
/// It lives in TaskNL, the lowest module that reads durations: TaskCore has no words, and the
/// router (TaskREPL) sits above TaskNL.
public struct DurationPhrase: Sendable, Hashable {
    public var minutes: Int
    /// Where the phrase sits in the text it was read from.
    public var range: Range<String.Index>

    /// The first duration in `text`, with articles counting as one (`an hour`, `half an hour`) and
    /// `45m` as minutes; nil when there is none.
    public static func first(in text: String) -> DurationPhrase? {
        let tokens = Tokenizer.tokens(of: text)
        for i in tokens.indices {
            guard let found = read(tokens, at: i, allowArticle: true, minuteSuffix: true) else { continue }
            let lower = String.Index(utf16Offset: tokens[i].range.lowerBound, in: text)
            let upper = String.Index(utf16Offset: tokens[found.end - 1].range.upperBound, in: text)
            return DurationPhrase(minutes: found.minutes, range: lower..<upper)
        }
        return nil
    }

    /// The duration starting at token `i` and the token after it. `allowArticle` admits `an hour`
    /// and `half an hour` (the grammar allows them only after `in` or `for`: `wait a minute` is no
    /// estimate); `minuteSuffix` admits `45m`.
    static func read(_ tokens: [Token], at i: Int, allowArticle: Bool, minuteSuffix: Bool = false) -> (minutes: Int, end: Int)? {
        guard i < tokens.count else { return nil }
        let w = tokens[i].word
        let next = i + 1 < tokens.count ? tokens[i + 1].word : ""
        if allowArticle, w == "half", next == "an", i + 2 < tokens.count, tokens[i + 2].word == "hour" {
            return (30, i + 3)
        }
        if allowArticle || !(w == "a" || w == "an"), let n = tokens[i].number ?? Lexeme.of(w).numberWord,
            let unit = DurationText.unitMinutes(next)
        {
            return (n * unit, i + 2)
        }
        if let d = DurationText(w, minuteSuffix: minuteSuffix, bareNumber: false) { return (d.minutes, i + 1) }
        if let value = DurationText.decimal(w), DurationText.unitMinutes(next) == 60 {
            return (Int((value * 60).rounded()), i + 2)
        }
        return nil
    }
}
