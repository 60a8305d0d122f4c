import TaskCore

extension ParseScope {
    /// The words that open a place phrase, longest first: arriving ("when I get to", "when I
    /// arrive at", "when I'm at", "when I get home") and leaving ("when I leave", "before I leave").
    static let placeOpeners: [(words: [String], trigger: PlaceBinding.Trigger)] = [
        (["when", "i", "get", "to"], .arrive), (["once", "i", "get", "to"], .arrive),
        (["when", "i", "arrive", "at"], .arrive), (["when", "i", "arrive", "in"], .arrive),
        (["when", "i", "am", "at"], .arrive), (["when", "i'm", "at"], .arrive), (["when", "i’m", "at"], .arrive),
        (["when", "im", "at"], .arrive), (["when", "i", "reach"], .arrive), (["when", "i", "get"], .arrive),
        (["when", "i", "leave"], .leave), (["once", "i", "leave"], .leave), (["as", "i", "leave"], .leave),
        (["before", "i", "leave"], .leave), (["when", "leaving"], .leave), (["on", "leaving"], .leave),
    ]

    /// `when I get to the supermarket`, `when I leave work`: a place phrase naming one of `places`
    /// (matched without case, the longest name first; `the` or `my` before it is part of the phrase).
    /// Nil when the words after the opener name no known place, so the phrase stays in the title.
    func readPlace(at i: Int) -> (binding: PlaceBinding, end: Int)? {
        guard !places.isEmpty, Self.placeOpenerFirstWords.contains(word(i)) else { return nil }
        for opener in Self.placeOpeners where (0..<opener.words.count).allSatisfy({ word(i + $0) == opener.words[$0] }) {
            let j = i + opener.words.count
            for start in ["the", "my"].contains(word(j)) ? [j, j + 1] : [j] {
                if let (name, end) = knownPlace(at: start) { return (PlaceBinding(place: name, trigger: opener.trigger), end) }
            }
        }
        return nil
    }

    static let placeOpenerFirstWords = Set(placeOpeners.map { $0.words[0] })

    /// The longest known place name whose words start at `j`, and where it ends.
    private func knownPlace(at j: Int) -> (String, Int)? {
        var best: (String, Int)?
        for (name, words) in places where !words.isEmpty && (best == nil || words.count > best!.1 - j) {
            if (0..<words.count).allSatisfy({ word(j + $0) == words[$0] }) { best = (name, j + words.count) }
        }
        return best
    }

    /// A place name as words the way the tokenizer writes them (lower case, no trailing punctuation).
    static func placeWords(_ name: String) -> [String] { Tokenizer.tokens(of: name).map(\.word) }
}
