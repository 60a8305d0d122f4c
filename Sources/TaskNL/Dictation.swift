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
    static func opener(_ words: [String]) -> Int? {
        let straight = words.map { $0.replacingOccurrences(of: "’", with: "'") }
        for phrase in openers where phrase.count < straight.count && Array(straight.prefix(phrase.count)) == phrase {
            if phrase == ["so"], soKeeps.contains(straight[1]) { continue }
            return phrase.count
        }
        return nil
    }

    /// The length of the hedge at the end of `words`, or nil. Never the whole of `words`.
    static func hedge(_ words: [String]) -> Int? {
        for phrase in hedges where phrase.count < words.count && Array(words.suffix(phrase.count)) == phrase {
            return phrase.count
        }
        return nil
    }
}
