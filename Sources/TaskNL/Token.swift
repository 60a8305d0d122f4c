/// One whitespace-separated word of the input.
struct Token: Sendable {
    /// The word exactly as typed.
    var raw: String
    /// Lower-cased, with trailing `,` `.` `!` `?` `;` removed (kept when nothing else would remain, as in `!!!`).
    var word: String
    /// Where the word sits in the input, in UTF-16 offsets.
    var range: Range<Int>
    /// The vocabulary's entry for `word`, filled in by `ParseScope` (the tokenizer leaves it unknown).
    var lexeme = Lexeme.unknown

    /// The word's value when it is all ASCII digits (at most 9 of them).
    var number: Int? {
        var value = 0
        var count = 0
        for b in word.utf8 {
            guard b >= 48 && b <= 57, count < 9 else { return nil }
            value = value * 10 + Int(b - 48)
            count += 1
        }
        return count == 0 ? nil : value
    }
}
