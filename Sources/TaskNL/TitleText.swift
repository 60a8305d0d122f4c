/// Builds the title from the words left over: spaces collapsed, dangling `,` `;` `:` `-` trimmed at
/// either end, the first letter upper-cased when the first word is all lower-case. When nothing is
/// left, the title is the whole input.
enum TitleText {
    static func make(tokens: [Token], keep: (Int) -> Bool) -> String {
        var kept = ""
        for index in tokens.indices where keep(index) {
            if !kept.isEmpty { kept += " " }
            kept += tokens[index].raw
        }
        if let title = asciiTitle(kept) { return title }
        return characterTitle(kept, whole: tokens.map(\.raw).joined(separator: " "))
    }

    /// The title from the kept words' text, Character by Character (any text): `whole` when
    /// nothing is left of them.
    static func characterTitle(_ kept: String, whole: @autoclosure () -> String) -> String {
        var title = trimmed(kept)
        if title.isEmpty {
            let whole = whole()
            title = trimmed(whole)
            if title.isEmpty { title = whole }
        }
        return capitalized(title)
    }

    /// `trimmed` then `capitalized` on ASCII bytes, for a non-empty ASCII result (every other case,
    /// nil, takes the Character path: the same answer, slower).
    static func asciiTitle(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            for byte in bytes where byte >= 0x80 { return nil }
            func isDangling(_ b: UInt8) -> Bool { b == 0x2C || b == 0x3B || b == 0x3A || b == 0x2D }  // , ; : -
            var from = 0, to = bytes.count
            while true {
                let before = to - from
                while to > from, bytes[to - 1] == 0x20 || isDangling(bytes[to - 1]) { to -= 1 }
                while from < to {
                    let b = bytes[from]
                    if b == 0x20 || b == 0x2C || b == 0x3B || b == 0x3A {
                        from += 1
                    } else if b == 0x2D, from + 1 == to || bytes[from + 1] == 0x20 {
                        from += 1
                    } else {
                        break
                    }
                }
                if to - from == before { break }
            }
            guard to > from else { return nil }
            var wordEnd = from
            var firstWordHasUpper = false
            while wordEnd < to, bytes[wordEnd] != 0x20 {
                if bytes[wordEnd] >= 65 && bytes[wordEnd] <= 90 { firstWordHasUpper = true }
                wordEnd += 1
            }
            let first = bytes[from]
            let upperFirst = first >= 97 && first <= 122 && !firstWordHasUpper
            return String(unsafeUninitializedCapacity: to - from) { out in
                for k in from..<to { out[k - from] = bytes[k] }
                if upperFirst { out[0] = first - 32 }
                return to - from
            }
        }
    }

    private static let dangling: Set<Character> = [",", ";", ":", "-", "–", "—"]

    static func trimmed(_ text: String) -> String {
        var s = Substring(text)
        while true {
            let before = s.count
            while let last = s.last, last == " " || dangling.contains(last) { s = s.dropLast() }
            while let first = s.first {
                if first == " " || first == "," || first == ";" || first == ":" {
                    s = s.dropFirst()
                } else if dangling.contains(first), s.dropFirst().first.map({ $0 == " " }) ?? true {
                    s = s.dropFirst()
                } else {
                    break
                }
            }
            if s.count == before { break }
        }
        return String(s)
    }

    /// Upper-cases the first letter when the first word has no capitals (`iPhone` stays).
    static func capitalized(_ title: String) -> String {
        guard let first = title.first, first.isLowercase else { return title }
        let firstWord = title.prefix(while: { $0 != " " })
        guard !firstWord.contains(where: \.isUppercase) else { return title }
        let upper = first.uppercased()
        // `ß` would become `SS` and `ﬁ` `FI`: a different word, so leave those as typed.
        guard upper.unicodeScalars.count == first.unicodeScalars.count else { return title }
        return upper + title.dropFirst()
    }
}
