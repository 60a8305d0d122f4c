/// Which words of a title are content: what a model's tidied title must keep.
///
/// The user confirms every capture, so the merger's job is to stop invented words, not to block
/// tidying: a model title may drop the spoken openers and hedges of dictation ("don't forget to",
/// "make sure to", "I guess", "sort of", "or something") and the words of a small closed class
/// (fillers, articles and determiners, pronouns, auxiliaries and modals, conjunctions, the common
/// prepositions, hedging adverbs). Everything else — nouns, verbs, names, numbers, negations — is
/// content. Negations are never in the list: "don't pay the invoice" must not lose its "don't".
enum TitleWords {
    /// Phrases that are not content as a whole, though some of their words are on their own
    /// ("forget", "sure", "sort", "guess", "something"). Removed before the closed class is applied.
    static let phrases: [[String]] = [
        ["don't", "forget", "to"], ["dont", "forget", "to"], ["do", "not", "forget", "to"], ["make", "sure", "to"],
        ["make", "sure", "i"], ["remember", "to"], ["remind", "me", "to"], ["i", "guess"], ["i", "think"],
        ["sort", "of"], ["kind", "of"], ["or", "something"], ["or", "whatever"], ["if", "possible"],
        ["at", "some", "point"], ["some", "time"], ["i", "suppose"],
        // requests and the list they name (issue 32): "could you add X to my tasks" keeps only X
        ["could", "you", "add"], ["can", "you", "add"], ["would", "you", "add"], ["will", "you", "add"], ["please", "add"],
        ["could", "you", "put"], ["can", "you", "put"], ["add", "a", "task", "to"], ["add", "a", "reminder", "to"],
        ["create", "a", "task", "to"], ["set", "a", "reminder", "to"], ["new", "task"], ["don't", "let", "me", "forget", "to"],
        ["to", "my", "tasks"], ["to", "my", "list"], ["on", "my", "list"], ["to", "my", "todo", "list"], ["to", "my", "to", "do", "list"],
        ["to", "the", "list"], ["on", "the", "list"], ["to", "my", "task", "list"],
    ]

    /// The closed class: never content on their own (the fillers and hedges among them).
    static let closedClass: Set<String> = fillers.union([
        // articles and determiners
        "a", "an", "the", "this", "that", "these", "those", "some", "any", "my", "your", "our", "their", "his", "her", "its",
        // pronouns
        "i", "me", "we", "us", "you", "it", "they", "them", "he", "she", "him", "myself", "i'll", "i'm", "i've", "i'd",
        "we'll", "we're", "we've", "let's", "lets", "ill", "im", "ive",
        // auxiliaries and modals
        "need", "needs", "have", "has", "had", "got", "gotta", "gonna", "wanna", "should", "must", "will", "would",
        "could", "can", "shall", "might", "be", "is", "am", "are", "was", "were", "to", "want", "wants",
        // conjunctions and connectives
        "and", "also", "then", "plus", "too", "as", "but", "or",
        // common prepositions
        "about", "for", "of", "in", "on", "at", "with", "from", "by", "into", "onto",
    ])

    /// The content words of `words` (lower-cased, as `RefinementMerger.words` gives them), in order.
    static func content(_ words: [String]) -> [String] {
        withoutPhrases(words).filter { !closedClass.contains($0) }
    }

    /// Spoken noise: fillers, interjections and hedging adverbs, which a model title may leave out anywhere.
    static let fillers: Set<String> = [
        "um", "umm", "uh", "uhh", "uhm", "er", "erm", "ah", "oh", "hmm", "hm", "well", "okay", "ok", "yeah", "yep",
        "anyway", "anyways", "like", "so", "just", "actually", "basically", "really", "probably", "maybe", "perhaps",
        "possibly", "kinda", "sorta", "definitely", "somehow", "please", "sometime",
    ]

    /// The words of a rules' title that a model title must keep (issue 42, the model only adds): all
    /// but the spoken openers and requests (`phrases`), the closed-class words before the first
    /// content word ("okay so the", "I need to") and fillers anywhere. Articles, prepositions and
    /// conjunctions inside the title stay: "Pick up dry cleaning" for "Pick up the dry cleaning" is a
    /// different title, not a tidier one.
    static func kept(_ words: [String]) -> [String] {
        Array(withoutPhrases(words).drop(while: closedClass.contains)).filter { !fillers.contains($0) }
    }

    /// `words` without the `phrases` in them.
    private static func withoutPhrases(_ words: [String]) -> [String] {
        var rest: [String] = []
        var i = 0
        outer: while i < words.count {
            for phrase in phrases where i + phrase.count <= words.count && Array(words[i..<(i + phrase.count)]) == phrase {
                i += phrase.count
                continue outer
            }
            rest.append(words[i])
            i += 1
        }
        return rest
    }
}
