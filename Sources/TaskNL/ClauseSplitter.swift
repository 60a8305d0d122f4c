import Foundation

/// Cuts one line of dictation into the clauses that each hold one task (issue 42):
/// `tomorrow call the insurance company, then renew the parking permit, oh and text jake about saturday`
/// is three, `buy bread, milk and eggs` one.
///
/// The cuts, in the order they are tried:
/// - a header before a colon (`tasks for today: …`, `monday: …`, `my to-dos: …`) leaves and gives its
///   day, if it names one, to every clause that names none; a header that names tasks (`tasks`,
///   `to-dos`, `errands`, `things to do`) makes each item of its comma list a task, verb or not
///   (`tasks for today: laundry, groceries`), where a list under any other header stays one
///   (`shopping list: bread, milk and eggs`, `monday: bread, milk and eggs`);
/// - a sentence end (`.`, `!` or `?` before white space, not after `dr`, `mr`, `st`, an initial, …);
/// - separators that always cut when both sides hold words: `; `, `and then`, `, then`, `after that`,
///   `and also`, `, also`, `oh and`, `oh yeah`, `don't forget (to)`;
/// - `I (also) need to` / `I have to` inside a line, when what follows starts with a task verb;
/// - list commas, `also`, `then` and `plus` between two clauses that each start with a task verb
///   (`call mom, pay rent`; not `buy bread, milk and eggs`: `milk` is no verb);
/// - ` and ` between two clauses that each carry a kind or their own date (`call mom and buy milk`), or
///   that each start with a task verb and hold two words or more (`text mom and email the landlord`).
///
/// A piece of fillers alone (`ok so`, `um`) joins the clause after it, whose openers then leave
/// (`Dictation`); a clause never ends on a dangling `oh`, `and`, `then`, `also`, `plus` or a comma.
/// The separators are the only words that leave: every clause is the user's own words, in order
/// (with a header's day said after them), so a model's sources can be placed on them.
struct ClauseSplitter {
    let parser: TaskNLParser
    let now: Date
    let timeZone: TimeZone

    /// The clauses of one line (no line breaks), each trimmed; the line trimmed when it holds one task.
    func clauses(_ line: String) -> [String] {
        var body = line
        var headerDay: String?
        let header = header(of: line)
        if let header {
            body = header.body
            headerDay = header.day
        }
        var clauses: [String] = []
        for sentence in Self.sentences(body) { clauses += split(sentence) }
        if header?.listsTasks == true {
            clauses = clauses.flatMap(items)
        }
        if clauses.count > 1 || header != nil {
            clauses = clauses.map { Self.withoutDanglingEnd(Self.withoutLeadingJoiner($0)) }
        } else if let only = clauses.first, Self.opensWithJoiner(only) {
            clauses = [Self.withoutLeadingJoiner(only)]
        }
        guard let day = headerDay else { return clauses }
        // decision: a header's day goes to the clauses that name no day of their own (`tasks for today: buy milk, call bob friday`);
        // a clause that says only a time takes it too (`tasks for tomorrow: call mom at 5pm` is tomorrow at 5), read whole.
        return clauses.map { clause in
            let own = parser.parse(clause, now: now, timeZone: timeZone).draft
            guard own.due != nil else { return clause + " " + day }
            let withDay = parser.parse(clause + " " + day, now: now, timeZone: timeZone).draft
            return withDay.due != nil && withDay.title == own.title ? clause + " " + day : clause
        }
    }

    // MARK: - Header

    /// A header before a colon and the clauses after it: `tasks for today: …`, `monday: …`, `to do
    /// tomorrow: …`, `my to-dos: …`. Nil unless the words before the colon are header words and either
    /// a day the grammar reads whole or a word that names tasks (`listsTasks`).
    func header(of line: String) -> (day: String?, listsTasks: Bool, body: String)? {
        guard let colon = line.range(of: ": ") ?? line.range(of: ":\t") else { return nil }
        let head = line[..<colon.lowerBound], body = line[colon.upperBound...].trimmingCharacters(in: .whitespaces)
        let words = head.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        guard !body.isEmpty, !words.isEmpty, words.count <= 6 else { return nil }
        // decision: `things` names tasks only as `things to do`; `todo` and `to do` are a list's name as `todos` are.
        let listsTasks = words.contains(where: Self.taskNouns.contains) || head.lowercased().contains("to do")
        let dayWords = words.filter { !Self.headerWords.contains($0) }
        if dayWords.isEmpty { return listsTasks ? (nil, true, body) : nil }
        guard dayWords.count < 4 else { return nil }
        let day = dayWords.joined(separator: " ")
        let read = parser.parse(day, now: now, timeZone: timeZone).draft
        // Nothing but a date was said: the title is kept whole (`TaskNLParser.bothReadAsTasks`).
        guard read.due != nil, read.title.lowercased() == day else { return nil }
        return (day, listsTasks, body)
    }

    /// The words of a header besides its day (`tasks for today`, `my to-do list for monday`).
    static let headerWords: Set<String> = [
        "tasks", "task", "todo", "todos", "to-do", "to-dos", "to", "do", "things", "list", "my", "for", "on", "the", "stuff",
        "errands", "agenda", "plan", "reminders", "today's", "tomorrow's",
    ]

    /// Header words that say the list holds tasks, one per item.
    static let taskNouns: Set<String> = ["tasks", "todo", "todos", "to-do", "to-dos", "errands", "reminders"]

    /// The items of a list under a header that names tasks: `laundry, groceries and the dry cleaning` is
    /// three. Without a comma the clause stays whole (`sales and marketing`); an item that says only a
    /// date (`monday, december 7`) stays with the item before it.
    func items(_ clause: String) -> [String] {
        guard clause.contains(", ") else { return [clause] }
        var pieces = clause.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
        if var last = pieces.popLast() {
            if last.lowercased().hasPrefix("and ") { last = String(last.dropFirst(4)) }
            let and = last.range(of: " and ", options: .caseInsensitive)
            pieces += and.map { [String(last[..<$0.lowerBound]), String(last[$0.upperBound...])] } ?? [last]
        }
        var items: [String] = []
        for piece in pieces where !piece.isEmpty {
            if let previous = items.last, saysOnlyADate(piece) {
                items[items.count - 1] = previous + ", " + piece
            } else {
                items.append(piece)
            }
        }
        return items
    }

    // MARK: - Sentences

    /// The sentences of `text`: cut after `.`, `!` or `?` followed by white space, unless the word
    /// before is an abbreviation (`dr. smith`) or an initial (`j. smith`). A sentence's own final `.` leaves.
    static func sentences(_ text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        var word = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let ends = ".!?".contains(character) && index + 1 < characters.count && characters[index + 1].isWhitespace
            if ends, !(character == "." && (word.count == 1 || abbreviations.contains(word.lowercased()))) {
                sentences.append(current)
                current = ""
            }
            word = character.isLetter ? word + String(character) : (character == "." ? word : "")
        }
        sentences.append(current)
        let trimmed = sentences.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard trimmed.count > 1 else { return trimmed.isEmpty ? [text] : trimmed }
        return trimmed.map { $0.hasSuffix(".") && !$0.hasSuffix("..") ? String($0.dropLast()) : $0 }
    }

    /// Words a `.` follows without ending the sentence.
    static let abbreviations: Set<String> = ["dr", "mr", "mrs", "ms", "st", "vs", "etc", "eg", "ie", "no", "approx", "prof", "jr", "sr", "mt", "ave", "rd"]

    // MARK: - Separators

    /// How a separator cuts.
    enum Cut {
        /// Always, when both sides hold words.
        case always
        /// When the clause after it starts with a task verb (`I need to`).
        case beforeTask
        /// When the clauses on both sides start with a task verb (list commas, `also`, `then`, `plus`).
        case betweenTasks
        /// `and`: when both sides carry a kind or their own date, or both start with a task verb and hold two words or more.
        case and
    }

    /// Every separator of a dictation (longest forms first; `cut(_:)` tells them apart).
    static let separator = [
        #"\s*;\s+"#,
        #",?\s+(?:and\s+)?(?:oh\s+)?(?:don't|dont|don’t|do\s+not)\s+forget(?:\s+to|\s+about)?\s+"#,
        #",?\s+(?:and\s+)?oh,?\s+(?:yeah|yes|and|also)(?:,?\s+and)?,?\s+"#,
        #",?\s+(?:and\s+)?(?:also\s+)?i\s+(?:also\s+)?(?:need|have)\s+to\s+"#,
        #",?\s+(?:and\s+)?after\s+that,?\s+"#,
        #",?\s+and\s+then,?\s+"#,
        #",\s*(?:and\s+)?then,?\s+"#,
        #",?\s+and\s+also,?\s+"#,
        #",\s*also,?\s+"#,
        #",?\s+plus\s+"#,
        #",\s+(?:and\s+)?"#,
        #"\s+then\s+"#,
        #"\s+also\s+"#,
        #"\s+and\s+"#,
    ].joined(separator: "|")

    /// How the separator `text` (as matched) cuts.
    static func cut(_ text: String) -> Cut {
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        if text.contains(";") || words.contains("oh") || words.contains("forget") || words.contains("that") { return .always }
        if words.contains("need") || words.contains("have") { return .beforeTask }
        if words == ["and", "then"] || words == ["and", "also"] { return .always }
        if text.contains(","), words == ["then"] || words == ["also"] || words == ["and", "then"] { return .always }
        if words == ["and"], !text.contains(",") { return .and }
        return .betweenTasks
    }

    /// One sentence cut at its separators (see the type).
    func split(_ sentence: String) -> [String] {
        let pieces = TaskNLParser.cut(sentence, at: Self.separator)
        var result: [String] = []
        var current = ""
        var joiner = ""
        for piece in pieces {
            if current.isEmpty {
                current = piece.text
            } else if cuts(Self.cut(joiner), between: current, and: piece.text) {
                result.append(current)
                current = piece.text
            } else {
                current += joiner + piece.text
            }
            joiner = piece.separator
        }
        if !current.isEmpty { result.append(current) }
        return result.isEmpty ? [sentence.trimmingCharacters(in: .whitespaces)] : result
    }

    private func cuts(_ cut: Cut, between left: String, and right: String) -> Bool {
        guard !Self.fillersOnly(left), !Self.fillersOnly(right), !saysOnlyADate(left) else { return false }
        switch cut {
        case .always:
            return true
        case .beforeTask:
            return startsWithTaskVerb(right, minimumWords: 2)
        case .betweenTasks:
            return startsWithTaskVerb(right, minimumWords: 2) && (startsWithTaskVerb(left) || parser.parse(left, now: now, timeZone: timeZone).draft.kind != nil)
        case .and:
            return parser.bothReadAsTasks(left, right, now: now, timeZone: timeZone)
                || (startsWithTaskVerb(right, minimumWords: 2) && startsWithTaskVerb(left, minimumWords: 2))
        }
    }

    /// Whether a short `clause` says a date and nothing else (`ok so tomorrow`): the clause after it is
    /// what happens then, not a task of its own.
    func saysOnlyADate(_ clause: String) -> Bool {
        guard clause.split(whereSeparator: \.isWhitespace).count <= 4 else { return false }
        let draft = parser.parse(clause, now: now, timeZone: timeZone).draft
        let words = draft.title.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," })
        // A title kept whole though a date was read: nothing but the date (and fillers) was said.
        return draft.due != nil && (draft.title.lowercased() == clause.lowercased() || words.allSatisfy { Self.fillers.contains(String($0)) })
    }

    /// Whether what is left of `clause`'s title once the rules read it starts with a task verb
    /// followed by a word that is no conjunction (`water the plants`, not `water and bread`).
    func startsWithTaskVerb(_ clause: String, minimumWords: Int = 1) -> Bool {
        // Most list items start with no verb, no day and no opener: answered without parsing them.
        let raw = clause.split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() } ?? ""
        guard Self.taskVerbs.contains(raw) || Dictation.mayOpen(raw) || ParseScope.starterWords.contains(raw) else { return false }
        let words = parser.parse(clause, now: now, timeZone: timeZone).draft.title.lowercased()
            .split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        guard let first = words.first, Self.taskVerbs.contains(first), words.count >= minimumWords else { return false }
        return words.count == 1 || !["and", "or", "&"].contains(words[1])
    }

    /// Verbs a task starts with: the instruction verbs and more that dictation uses.
    static let taskVerbs: Set<String> = Dictation.instructionVerbs.union([
        "grab", "see", "make", "bring", "start", "fill", "put", "mail", "message", "ping", "confirm", "follow", "move", "clear",
        "vacuum", "hoover", "mow", "cook", "bake", "pack", "unpack", "download", "install", "back", "research", "find", "try",
        "repair", "sweep", "mop", "iron", "fold", "charge", "invite", "thank", "wrap", "set", "reschedule", "refill", "contact",
        "do", "go", "look", "chase", "remind", "hang", "run", "draft", "defrost", "recycle", "donate", "dust", "service", "pick",
        "phone", "ring", "top", "drop", "grab", "organise", "organize", "wipe", "study", "practice", "practise", "learn", "finish",
    ])

    // MARK: - Clean ends

    /// Words said between clauses that are no task of their own (`ok so`, `um`): a piece of them alone never stands.
    static func fillersOnly(_ text: String) -> Bool {
        text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," }).allSatisfy { fillers.contains(String($0)) }
    }

    static let fillers: Set<String> = Dictation.fillers.union(["oh", "yeah", "right", "alright", "and", "also", "then", "plus", "er", "erm", "um", "uh"])

    /// Words a clause never ends on.
    static let dangling: Set<String> = ["oh", "and", "then", "also", "plus", "so", "um", "uh", "yeah"]

    /// `clause` without the joining words a sentence may start with (`Then send the contract`, `Also …`,
    /// `And then …`, `Oh and …`, `After that, …`), unless nothing else is left.
    static func withoutLeadingJoiner(_ clause: String) -> String {
        var words = clause.split(whereSeparator: \.isWhitespace).map(String.init)
        var dropped = 0
        while dropped < words.count - 1 {
            let word = words[dropped].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ","))
            if leadingJoiners.contains(word) {
                dropped += 1
            } else if word == "after", words[dropped + 1].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",")) == "that",
                dropped + 2 < words.count
            {
                dropped += 2
            } else {
                break
            }
        }
        words.removeFirst(dropped)
        return words.joined(separator: " ")
    }

    static let leadingJoiners: Set<String> = ["then", "also", "and", "plus", "oh", "yeah"]

    /// Whether a line of one clause starts with words that join it to something said before (`oh yeah
    /// and …`, `also …`, `then …`): they leave as from any clause. `plus` and `yeah` alone stay (`plus size jeans`).
    static func opensWithJoiner(_ clause: String) -> Bool {
        let words = clause.lowercased().split(whereSeparator: \.isWhitespace).prefix(3).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
        guard words.count == 3, let first = words.first else { return false }
        return ["oh", "also", "then", "and"].contains(first)
    }

    /// `clause` without a dangling word, comma or `;` at its end.
    static func withoutDanglingEnd(_ clause: String) -> String {
        var words = clause.split(whereSeparator: \.isWhitespace).map(String.init)
        while let last = words.last {
            let bare = last.trimmingCharacters(in: CharacterSet(charactersIn: ",;"))
            if words.count > 1, bare.isEmpty || dangling.contains(bare.lowercased()) {
                words.removeLast()
            } else {
                if bare != last { words[words.count - 1] = bare }
                break
            }
        }
        return words.joined(separator: " ")
    }
}
