/// Builds the title from the words left over: spaces collapsed, dangling `,` `;` `:` `-` trimmed at
/// either end, the first letter upper-cased when the first word is all lower-case. When nothing is
/// left, the title is the whole input.
enum TitleText {
    static func make(tokens: [Token], keep: (Int) -> Bool) -> String {
        let kept = tokens.indices.filter(keep).map { tokens[$0].raw }.joined(separator: " ")
        var title = trimmed(kept)
        if title.isEmpty {
            let whole = tokens.map(\.raw).joined(separator: " ")
            title = trimmed(whole)
            if title.isEmpty { title = whole }
        }
        return capitalized(title)
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
