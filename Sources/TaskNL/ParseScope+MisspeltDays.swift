import TaskCore

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
            target[0] == letters[0] && (weekdayEnding || target.last == UInt8(ascii: "w")) && abs(letters.count - target.count) <= 2
                && EditDistance.count(letters, target, swapsCountOne: true) <= 2
        }
    }
}
