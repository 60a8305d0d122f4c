/// The filler of dictated sentences: spoken openers that begin what remains of the title ("uh",
/// "so", "I need to", "don't forget to") and hedges that end it ("probably", "I guess").
///
/// Matched on the words left after the scan (dates and tags already taken), so in
/// `uh so tomorrow I gotta call the dentist, probably` all of `uh`, `so`, `I gotta` and `probably`
/// leave and the title is `Call the dentist`. They are never content: each entry is a whole phrase,
/// and a title they would empty stays whole (TitleText).
enum Dictation {
    /// Openers, longest first within a first word; apostrophes are compared straight (`don’t` = `don't`).
    static let openers: [[String]] = [
        ["uh"], ["um"], ["uhm"], ["erm"], ["okay", "so"], ["ok", "so"], ["so"],
        ["i", "need", "to"], ["i", "have", "to"], ["i", "gotta"], ["i", "got", "to"], ["i", "should"],
        ["we", "need", "to"], ["we", "have", "to"],
        ["don't", "forget", "to"], ["dont", "forget", "to"], ["make", "sure", "to"],
        ["remember", "to"], ["remind", "me", "to"],
    ]

    /// Words after which `so` is an adverb of the title, not an opener (`so much laundry`).
    static let soKeeps: Set<String> = ["much", "many", "far", "long", "that", "what", "called", "close"]

    /// Hedges that end a dictated sentence.
    static let hedges: [[String]] = [
        ["probably"], ["i", "guess"], ["or", "something"], ["or", "whatever"], ["if", "possible"],
    ]

    /// The length of the opener at the start of `words`, or nil. Never the whole of `words`.
    static func opener(_ words: [String]) -> Int? { opener(count: words.count) { words[$0] } }

    /// The length of the hedge at the end of `words`, or nil. Never the whole of `words`.
    static func hedge(_ words: [String]) -> Int? { hedge(count: words.count) { words[$0] } }

    /// `opener` over `count` words read through `word`, building nothing: a first word that opens no
    /// opener (nearly every title) costs one set lookup.
    static func opener(count: Int, word: (Int) -> String) -> Int? {
        guard count > 1 else { return nil }
        let first = straight(word(0))
        guard openerFirstWords.contains(first) else { return nil }  // mayOpen
        for phrase in openers where phrase.count < count && phrase[0] == first {
            guard (1..<phrase.count).allSatisfy({ straight(word($0)) == phrase[$0] }) else { continue }
            if phrase.count == 1, phrase[0] == "so", soKeeps.contains(straight(word(1))) { continue }
            return phrase.count
        }
        return nil
    }

    /// `hedge` over `count` words read through `word`: one set lookup unless the last word ends a hedge.
    static func hedge(count: Int, word: (Int) -> String) -> Int? {
        guard count > 1, hedgeLastWords.contains(word(count - 1)) else { return nil }
        for phrase in hedges where phrase.count < count {
            let offset = count - phrase.count
            if (0..<phrase.count).allSatisfy({ word(offset + $0) == phrase[$0] }) { return phrase.count }
        }
        return nil
    }

    /// `word` may begin an opener (`opener` is nil for any words not starting with one of these).
    static func mayOpen(_ word: String) -> Bool { openerFirstWords.contains(straight(word)) }

    /// `word` may end a hedge (`hedge` is nil for any words not ending with one of these).
    static func mayEnd(_ word: String) -> Bool { hedgeLastWords.contains(word) }

    private static let openerFirstWords = Set(openers.map { $0[0] })
    private static let hedgeLastWords = Set(hedges.map { $0[$0.count - 1] })

    /// The word with `’` written `'` (only words holding one are copied).
    private static func straight(_ word: String) -> String {
        word.utf8.contains(0xE2) ? word.replacingOccurrences(of: "’", with: "'") : word
    }
}
