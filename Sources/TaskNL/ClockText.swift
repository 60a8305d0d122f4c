/// One word read as a clock reading: `5`, `5pm`, `5:30`, `5.30pm`, `5p.m`, `17h`.
struct ClockText: Sendable {
    enum Separator: Sendable { case colon, dot }
    enum Suffix: Sendable, Equatable {
        case none, am, pm, hours

        init?(word: String) {
            var word = word
            guard let suffix = word.withUTF8({ Suffix(bytes: $0) }) else { return nil }
            self = suffix
        }

        /// `am`, `a.m`, `a.m.`, `pm`, `p.m`, `p.m.`, `h` or nothing, read from bytes (no string made).
        init?(bytes b: UnsafeBufferPointer<UInt8>) {
            switch b.count {
            case 0: self = .none
            case 1 where b[0] == 104: self = .hours  // h
            case 2 where b[1] == 109, 3 where b[1] == 46 && b[2] == 109, 4 where b[1] == 46 && b[2] == 109 && b[3] == 46:
                // am, a.m, a.m., pm, p.m, p.m.
                guard b[0] == 97 || b[0] == 112 else { return nil }
                self = b[0] == 97 ? .am : .pm
            default: return nil
            }
        }
    }

    var hour: Int
    var minute: Int
    var separator: Separator?
    var suffix: Suffix

    /// Nil unless the word is 1–2 digits, optionally `:MM` (and `:SS`) or `.MM`, then optionally am/pm/h.
    /// Read from the word's bytes in place (asked of every number a phrase might start at).
    init?(_ word: String) {
        guard let first = word.utf8.first, first >= 48, first <= 57 else { return nil }  // most words: no copy
        var word = word
        guard let read = word.withUTF8({ Self.read($0) }) else { return nil }
        (hour, minute, separator, suffix) = read
    }

    private static func read(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int, Separator?, Suffix)? {
        var k = 0
        var h = 0
        while k < b.count, k < 2, b[k] >= 48, b[k] <= 57 {
            h = h * 10 + Int(b[k] - 48)
            k += 1
        }
        guard k > 0 else { return nil }
        var m = 0
        var sep: Separator?
        if k < b.count, b[k] == 58 || b[k] == 46 {
            guard k + 2 < b.count else { return nil }
            let d1 = b[k + 1], d2 = b[k + 2]
            guard d1 >= 48, d1 <= 57, d2 >= 48, d2 <= 57 else { return nil }
            m = Int(d1 - 48) * 10 + Int(d2 - 48)
            guard m <= 59 else { return nil }
            sep = b[k] == 58 ? .colon : .dot
            k += 3
            // `7:56:30 pm`: seconds are read and dropped (a due has none).
            if sep == .colon, k + 2 < b.count, b[k] == 58, b[k + 1] >= 48, b[k + 1] <= 53, b[k + 2] >= 48, b[k + 2] <= 57 {
                k += 3
            }
        }
        guard let suffix = Suffix(bytes: UnsafeBufferPointer(rebasing: b[k...])) else { return nil }
        return (h, m, sep, suffix)
    }

    /// The 24-hour hour for an am/pm reading (`12am` is 0, `12pm` noon); nil for hours outside 1–12.
    var twentyFourHour: Int? {
        guard hour >= 1, hour <= 12 else { return nil }
        switch suffix {
        case .am: return hour == 12 ? 0 : hour
        case .pm: return hour == 12 ? 12 : hour + 12
        default: return nil
        }
    }
}
