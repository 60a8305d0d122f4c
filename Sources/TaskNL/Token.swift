/// One whitespace-separated word of the input.
struct Token: Sendable {
    /// The word exactly as typed.
    var raw: String
    /// Lower-cased, with trailing `,` `.` `!` `?` `;` removed (kept when nothing else would remain, as in `!!!`).
    let word: String
    /// Where the word sits in the input, in UTF-16 offsets.
    var range: Range<Int>
    /// The vocabulary's entry for `word`, filled in by `ParseScope` (the tokenizer leaves it unknown).
    var lexeme = Lexeme.unknown
    /// The word's value when it is all ASCII digits (at most 9 of them), read once here.
    let number: Int?
    /// What the word's bytes hold, read once here rather than by each reader that asks.
    let shape: Shape
    /// `word`'s FNV-1a hash, which `Lexeme.of` probes its table with, taken in the same pass.
    let hash: UInt32

    /// What a word's bytes hold: the readers of dates, times and amounts ask these of every word
    /// a phrase might start at.
    struct Shape: OptionSet, Sendable {
        let rawValue: UInt8
        /// A `:` (`8:15`, `3:30pm`): a clock reading, never a date.
        static let colon = Shape(rawValue: 1)
        /// A `-`, `/` or `.` (`12/24`, `2025-07-01`, `5.30`).
        static let separator = Shape(rawValue: 2)
        /// A `-` or `/` (`august-10`, `nov/2`).
        static let dashOrSlash = Shape(rawValue: 4)
    }

    init(raw: String, word: String, range: Range<Int>) {
        self.raw = raw
        self.word = word
        self.range = range
        var value = 0, digits = 0, allDigits = true
        var shape: Shape = []
        var hash = Lexeme.fnvBasis
        for b in word.utf8 {
            hash = (hash ^ UInt32(b)) &* Lexeme.fnvPrime
            switch b {
            case 48...57:
                if digits < 9 { value = value * 10 + Int(b - 48) }
                digits += 1
                continue
            case 58: shape.insert(.colon)
            case 45, 47: shape.formUnion([.separator, .dashOrSlash])
            case 46: shape.insert(.separator)
            default: break
            }
            allDigits = false
        }
        number = allDigits && digits > 0 && digits <= 9 ? value : nil
        self.shape = shape
        self.hash = hash
    }
}
