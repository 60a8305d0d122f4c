extension ParseScope {
    /// Words that join the days of a list (`monday and friday`, `mon or tue`); a comma needs none.
    static let dayListJoiners: Set<String> = ["and", "or", "&", "/", "+"]

    /// Whether the weekday a phrase reads is one of several days said together (`gym mon wed fri 7am`,
    /// `gym monday and friday`, `call bob monday or tuesday`): one due would be a wrong date, so the
    /// whole list stays in the title (`every mon wed fri` is a repeat, read before this).
    func readsOneOfSeveralDays(_ p: TemporalPhrase) -> Bool {
        guard p.day != nil, let first = p.tokens.first(where: { weekday(at: $0) != nil }),
            let last = p.tokens.last(where: { weekday(at: $0) != nil })
        else { return false }
        func isDay(_ k: Int, step: Int) -> Bool {
            if weekday(at: k) != nil { return true }
            return Self.dayListJoiners.contains(word(k)) && weekday(at: k + step) != nil
        }
        return isDay(first - 1, step: -1) || isDay(last + 1, step: 1)
    }
}
