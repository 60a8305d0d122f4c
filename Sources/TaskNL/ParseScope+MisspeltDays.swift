extension ParseScope {
    /// The days a misspelling may have meant: the weekdays (`wensday`, `firday`, `thrusday`) and tomorrow.
    private static let misspeltDayTargets: [[UInt8]] = (Vocabulary.weekdayNames.map { $0.lowercased() } + ["tomorrow"]).map { Array($0.utf8) }

    /// Whether the word at `k` looks like a day word typed wrong (`wensday`, `firday`, `tuesady`,
    /// `tomorriw`): a word the grammar does not read, of at least five letters, starting as a day word
    /// does and at most two edits (a swap counts one) from it; a weekday's must end like one (`…day`,
    /// `…dy`, `…ady`, `…dya`), so `monkey` and `sundae` are words. A time said after such a word stays
    /// in the title: it would otherwise fall on today, a wrong date.
    func looksLikeMisspeltDay(_ k: Int) -> Bool {
        let w = word(k)
        guard w.utf8.count >= 5, weekday(at: k) == nil, !Self.starterWords.contains(w), !Self.repeatWords.contains(w) else { return false }
        let letters = Array(w.utf8)
        let weekdayEnding = w.hasSuffix("day") || w.hasSuffix("dy") || w.hasSuffix("ady") || w.hasSuffix("dya")
        return Self.misspeltDayTargets.contains { target in
            target[0] == letters[0] && (weekdayEnding || target.last == UInt8(ascii: "w")) && Self.editDistance(letters, target, atMost: 2)
        }
    }

    /// Whether `a` and `b` are at most `limit` edits apart (insert, delete, substitute, or swap two
    /// neighbours: optimal string alignment).
    static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Bool {
        guard abs(a.count - b.count) <= limit else { return false }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous) = (previous, current)
        }
        return previous[b.count] <= limit
    }
}
