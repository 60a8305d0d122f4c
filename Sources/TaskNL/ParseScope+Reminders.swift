import TaskCore

/// A reminder phrase read from a sentence, before the due it depends on is known.
enum ReminderPhrase: Sendable {
    case minutesBefore(Int)
    case at(TimeMatch)
}

extension ParseScope {
    /// `remind me 30 min before`, `remind me an hour early`, `remind me half an hour ahead`,
    /// `remind me at 4pm`. Never at the sentence's start, where `remind me (to)` is a prefix and
    /// its time is the due (`remind me at 5 to call mom`).
    func readReminder(at i: Int) -> (phrase: ReminderPhrase, end: Int)? {
        guard word(i) == "remind", word(i + 1) == "me" else { return nil }
        let j = i + 2
        if let d = DurationPhrase.read(tokens, at: j, allowArticle: true, minuteSuffix: true),
            ["before", "early", "earlier", "ahead", "beforehand"].contains(word(d.end))
        {
            return (.minutesBefore(d.minutes), d.end + 1)
        }
        if word(j) == "at", let t = readTime(at: j) { return (.at(t), t.end) }
        return nil
    }
}
