import Foundation

/// A task named the way people name tasks rather than by its title or id: `my next reminder`, `the
/// most recent one`, `the one I made yesterday`, `that one` (the task in focus), `the dentist one`.
///
/// Pure: `parse` reads the words; the chat resolves them against the store (`TaskPhraseResolver`)
/// to one task, or asks which when several fit.
public enum TaskPhrase: Sendable, Equatable {
    /// The open task due next from now (`my next reminder`, `my upcoming reminder`, `the next one`).
    case next
    /// The open task added last (`the most recent one`, `the last one I added`, `my latest task`).
    case mostRecent
    /// Open tasks added on a day, counted back from today (`the one I made yesterday`: 1).
    case created(daysAgo: Int)
    /// The task this session last saved or changed (`that one`, `it`).
    case focus
    /// Tasks whose title holds these words (`the dentist one`).
    case titled(String)

    static let noun = #"(?:one|task|todo|to-do|todo item|to-do item|item|reminder|thing|entry)"#
    static let rows: [(NSRegularExpression?, @Sendable ([String]) -> TaskPhrase?)] = [
        (regex(#"(?:my|the) (?:next|upcoming|soonest|coming) "# + noun + "s?"), { _ in .next }),
        (regex(#"(?:the |my )?(?:most recent|latest|newest|last) "# + noun + #"(?: (?:i|that i|you) (?:made|added|created|saved|wrote|set|entered))?"#), { _ in .mostRecent }),
        (regex(#"(?:the |my )?"# + noun + #" (?:that )?(?:i|you) (?:made|added|created|saved|wrote|set|entered) (today|yesterday|this morning|last night)"#), { g in
            .created(daysAgo: ["yesterday", "last night"].contains(g[0]) ? 1 : 0)
        }),
        (regex(#"that|this|it|that one|this one|that task|this task|the same one|the same task|that reminder"#), { _ in .focus }),
        (regex(#"the (.+?) "# + noun), { g in
            let words = g[0]
            let reserved = ["next", "upcoming", "last", "latest", "newest", "most recent", "first", "other", "same", "new", "old", "right", "wrong"]
            return reserved.contains(words) || words.isEmpty ? nil : .titled(words)
        }),
    ]

    static func regex(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: "^(?:" + pattern + ")$", options: [.caseInsensitive])
    }

    /// The phrase these words are, or nil when they are a title (or an id).
    public static func parse(_ words: String) -> TaskPhrase? {
        let text = words.trimmingCharacters(in: .whitespaces).lowercased()
            .trimmingCharacters(in: CharacterSet(charactersIn: "?!.")).split(separator: " ").joined(separator: " ")
        let ns = text as NSString
        for (pattern, build) in rows {
            guard let pattern, let m = pattern.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) else { continue }
            let groups = (1..<max(1, m.numberOfRanges)).map { i -> String in
                let r = m.range(at: i)
                return r.location == NSNotFound ? "" : ns.substring(with: r)
            }
            if let phrase = build(groups) { return phrase }
        }
        return nil
    }

    /// What the phrase asks for, for "no task is …".
    public var description: String {
        switch self {
        case .next: return "due next"
        case .mostRecent: return "added last"
        case .created(let days): return "added " + (days == 1 ? "yesterday" : days == 0 ? "today" : "\(days) days ago")
        case .focus: return "in focus (save or change one first)"
        case .titled(let words): return "called '\(words)'"
        }
    }
}
