/// One word read as a duration: `2h`, `1.5h`, `1h30m`, `1h30`, `90min`, `45mins`, and where the
/// caller allows them `15m` and a plain `30` (minutes). Phrases of several words are `DurationPhrase`'s.
struct DurationText: Sendable {
    var minutes: Int

    /// Nil unless the whole word is a duration greater than zero. `minuteSuffix` admits `15m` (else
    /// it could be metres), `bareNumber` a plain `30`.
    init?(_ word: String, minuteSuffix: Bool, bareNumber: Bool) {
        guard let first = word.utf8.first, first >= 48, first <= 57 else { return nil }  // most words: no copy
        let b = Array(word.utf8)
        var k = 0
        var total = 0.0
        var sawHours = false
        var parts = 0
        while k < b.count {
            let start = k
            var value = 0.0
            while k < b.count, b[k] >= 48, b[k] <= 57, k - start < 6 {
                value = value * 10 + Double(b[k] - 48)
                k += 1
            }
            guard k > start else { return nil }
            if k < b.count, b[k] == 46 {  // decimal part: 1.5h
                k += 1
                var scale = 0.1
                let fracStart = k
                while k < b.count, b[k] >= 48, b[k] <= 57, k - fracStart < 3 {
                    value += Double(b[k] - 48) * scale
                    scale /= 10
                    k += 1
                }
                guard k > fracStart else { return nil }
            }
            let unitStart = k
            while k < b.count, b[k] >= 97, b[k] <= 122 { k += 1 }
            let unit = String(decoding: b[unitStart..<k], as: UTF8.self)
            parts += 1
            switch unit {
            case "h", "hr", "hrs":
                guard !sawHours, parts == 1 else { return nil }
                sawHours = true
                total += value * 60
            case "m":
                guard minuteSuffix || sawHours else { return nil }
                total += value
            case "min", "mins":
                total += value
            case "":
                guard (sawHours && parts == 2) || (bareNumber && parts == 1), value.rounded() == value else { return nil }
                total += value
            default:
                return nil
            }
            guard parts <= 2 else { return nil }
        }
        let rounded = Int(total.rounded())
        guard rounded > 0, rounded <= 100_000 else { return nil }
        minutes = rounded
    }

    /// Minutes in one unit word (`min` 1, `hours` 60), or nil.
    static func unitMinutes(_ word: String) -> Int? {
        switch word {
        case "min", "mins", "minute", "minutes": 1
        case "h", "hr", "hrs", "hour", "hours": 60
        default: nil
        }
    }

    /// A decimal number like `1.5` (digits, a dot, digits).
    static func decimal(_ word: String) -> Double? {
        guard let first = word.utf8.first, first >= 48, first <= 57 else { return nil }
        let b = Array(word.utf8)
        guard let dot = b.firstIndex(of: 46), dot > 0, dot < b.count - 1, dot < 4,
            b.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 }), b.filter({ $0 == 46 }).count == 1
        else { return nil }
        return Double(word)
    }
}
