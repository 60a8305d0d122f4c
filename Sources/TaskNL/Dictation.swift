/// The filler of spoken and requested tasks: openers that begin what remains of the title ("uh",
/// "so", "I need to", "could you add", "maybe") and hedges that end it ("probably", "at some point").
///
/// Matched on the words left after the scan (dates and tags already taken), so in
/// `uh so tomorrow I gotta call the dentist, probably` all of `uh`, `so`, `I gotta` and `probably`
/// leave and the title is `Call the dentist`. They are never content: each entry is a whole phrase,
/// and a title they would empty stays whole (TitleText). An opener that adds to a list (`add`,
/// `could you put`) takes the list named at the end with it (`… on my list`, `… to my tasks`).
enum Dictation {
    /// An opener found at the start of the words: how many words it spans, and whether it adds to a
    /// list (then a list named at the end of the title leaves too: `listTail`).
    struct Opener: Equatable {
        var length: Int
        var addsToList = false
    }

    /// Openers that leave wherever they begin the title; apostrophes are compared straight (`don’t` = `don't`).
    static let openers: [[String]] = {
        var phrases: [[String]] = [
            ["uh"], ["um"], ["uhm"], ["erm"], ["okay", "so"], ["ok", "so"], ["so"],
            ["i", "need", "to"], ["i", "have", "to"], ["i", "gotta"], ["i", "got", "to"], ["i've", "got", "to"], ["ive", "got", "to"],
            ["i", "must", "not", "forget", "to"], ["i", "must"], ["i", "should"], ["gotta"], ["need", "to"], ["have", "to"],
            ["we", "need", "to"], ["we", "have", "to"],
            ["don't", "forget", "to"], ["dont", "forget", "to"], ["do", "not", "forget", "to"], ["let", "me", "not", "forget", "to"],
            ["make", "sure", "to"], ["remember", "to"], ["please", "remember", "to"], ["remind", "me", "to"], ["please", "remind", "me", "to"],
            ["add", "a", "task", "to"], ["add", "a", "reminder", "to"], ["create", "a", "task", "to"], ["create", "a", "reminder", "to"],
            ["make", "a", "task", "to"], ["set", "a", "reminder", "to"], ["new", "task:"],
            // decision: `first thing` leaves the title; with a day (`first thing monday`) the due is that day's default 9:00, alone it sets no time.
            ["first", "thing"],
        ]
        for modal in requestModals {
            phrases += [[modal, "you", "remind", "me", "to"], [modal, "you", "remember", "to"]]
        }
        // decision: a hedge that begins the title leaves like an opener (`maybe buy a kettle`, `i should probably call`).
        return phrases + leadingHedges
    }()

    /// `could you`, `can you`, `would you`, `will you` open a request only with what follows them.
    static let requestModals = ["could", "can", "would", "will"]

    /// Hedges that may begin a title.
    static let leadingHedges: [[String]] = [["maybe"], ["probably"], ["perhaps"], ["at", "some", "point"], ["sometime"], ["i", "guess"], ["i", "think"]]

    /// Openers that add what follows to a list: `could you add`, `please add`. Bare `add` is one only
    /// before an instruction verb or with a list named at the end (`add salt to the soup` stays).
    static let addOpeners: [[String]] = requestModals.map { [$0, "you", "add"] } + [["please", "add"]]

    /// Openers that put what follows on a list, only when a list is named at the end (`put the bins
    /// out` stays): `put X on my list`, `could you put X on my list`.
    static let putOpeners: [[String]] = requestModals.map { [$0, "you", "put"] } + [["please", "put"], ["put"]]

    /// Words said before an opener that leave with it (`hey could you add`, `ok please remind me to`),
    /// never on their own.
    static let fillers: Set<String> = ["please", "hey", "ok", "okay", "so", "um", "uh", "well", "like", "yeah", "first", "oh", "now"]

    /// Verbs that start an instruction: bare `add` or `please` before one of them leaves
    /// (`add call mom tomorrow`, `please book the car`).
    static let instructionVerbs: Set<String> = [
        "book", "call", "phone", "ring", "email", "text", "send", "pay", "fix", "clean", "write", "finish", "check", "renew",
        "order", "buy", "pick", "schedule", "cancel", "submit", "return", "meet", "file", "get", "collect", "post", "sign",
        "wash", "water", "take", "drop", "reply", "ask", "tell", "visit", "plan", "print", "review", "update", "prepare",
        "read", "register", "apply", "arrange", "sort", "tidy", "empty", "feed", "walk", "descale", "change", "replace",
    ]

    /// The words before the closing `to` of an opener (`need` in `i need to`, `me` in `remind me
    /// to`): a short weekday after such a `to` is a title word, not a day.
    static let wordsBeforeClosingTo: Set<String> = Set(openers.filter { $0.count > 1 && $0.last == "to" }.map { $0[$0.count - 2] })

    /// Words after which `so` is an adverb of the title, not an opener (`so much laundry`).
    static let soKeeps: Set<String> = ["much", "many", "far", "long", "that", "what", "called", "close"]

    /// Hedges that end a dictated sentence.
    static let hedges: [[String]] = [
        ["probably"], ["maybe"], ["perhaps"], ["at", "some", "point"], ["sometime"], ["i", "guess"], ["i", "think"],
        ["or", "something"], ["or", "whatever"], ["if", "possible"],
        // decision: `first thing` said after the title (`call the bank first thing tomorrow`) leaves as at the start.
        ["first", "thing"],
    ]

    /// The length of the opener at the start of `words`, or nil. Never the whole of `words`.
    static func opener(_ words: [String]) -> Int? { opener(count: words.count) { words[$0] }?.length }

    /// The length of the hedge at the end of `words`, or nil. Never the whole of `words`.
    static func hedge(_ words: [String]) -> Int? { hedge(count: words.count) { words[$0] } }

    /// The opener at the start of `count` words read through `word`, building nothing: a first word
    /// that opens no opener (nearly every title) costs one set lookup. Never the whole of the words.
    static func opener(count: Int, word: (Int) -> String) -> Opener? {
        guard count > 1 else { return nil }
        let first = straight(word(0))
        guard openerFirstWords.contains(first) else { return nil }  // mayOpen
        func matches(_ phrase: [String], at offset: Int = 0) -> Bool {
            phrase.count + offset < count && (0..<phrase.count).allSatisfy { straight(word(offset + $0)) == phrase[$0] }
        }
        for phrase in putOpeners where phrase[0] == first && matches(phrase) {
            if let tail = listTail(count: count, word: word), phrase.count + tail < count { return Opener(length: phrase.count, addsToList: true) }
        }
        for phrase in openersByFirstWord[first] ?? [] where matches(phrase) {
            if phrase == ["so"], soKeeps.contains(straight(word(1))) { continue }
            return Opener(length: phrase.count)
        }
        for phrase in addOpeners where phrase[0] == first && matches(phrase) { return Opener(length: phrase.count, addsToList: true) }
        if first == "add", instructionVerbs.contains(straight(word(1))) || listTail(count: count, word: word).map({ $0 + 1 < count }) == true {
            return Opener(length: 1, addsToList: true)
        }
        if fillers.contains(first) {
            // decision: `please` before an instruction verb leaves (`please call mom`); other fillers only before an opener.
            if first == "please", instructionVerbs.contains(straight(word(1))) { return Opener(length: 1) }
            if opener(count: count - 1, word: { word($0 + 1) }) != nil { return Opener(length: 1) }
        }
        return nil
    }

    /// The length of a list named at the end of `words`, or nil.
    static func listTail(_ words: [String]) -> Int? { listTail(count: words.count) { words[$0] } }

    /// The length of a list named at the end of the words (`on my list`, `to my tasks`, `to the
    /// todo list`), or nil.
    static func listTail(count: Int, word: (Int) -> String) -> Int? {
        guard count >= 3, listNouns.contains(word(count - 1)) else { return nil }
        var k = count - 2
        if word(count - 1) == "list" {
            if ["todo", "to-do", "task", "tasks"].contains(word(k)) {
                k -= 1
            } else if k >= 1, word(k) == "do", word(k - 1) == "to" {
                k -= 2
            }
        }
        guard k >= 1, word(k) == "my" || word(k) == "the", ["on", "to", "onto"].contains(word(k - 1)) else { return nil }
        return count - (k - 1)
    }

    private static let listNouns: Set<String> = ["list", "tasks", "todos", "reminders"]

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

    /// The openers by first word, longest first (`i must not forget to` before `i must`).
    private static let openersByFirstWord: [String: [[String]]] = Dictionary(grouping: openers, by: { $0[0] })
        .mapValues { $0.sorted { $0.count > $1.count } }

    private static let openerFirstWords = Set(openers.map { $0[0] } + addOpeners.map { $0[0] } + putOpeners.map { $0[0] } + ["add"])
        .union(fillers)
    private static let hedgeLastWords = Set(hedges.map { $0[$0.count - 1] })

    /// The word with `’` written `'` (only words holding one are copied).
    private static func straight(_ word: String) -> String {
        word.utf8.contains(0xE2) ? word.replacingOccurrences(of: "’", with: "'") : word
    }
}
