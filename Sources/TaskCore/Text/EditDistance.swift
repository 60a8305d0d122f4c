/// How many single edits (insert, delete, substitute; with `swapsCountOne`, also a swap of two
/// neighbours: optimal string alignment) turn `a` into `b`. One count for every "did you mean":
/// the chat's slash commands and titles (plain edits) and the grammar's misspelt days (swaps too).
public enum EditDistance {
    public static func count<Element: Equatable>(_ a: [Element], _ b: [Element], swapsCountOne: Bool = false) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if swapsCountOne, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
