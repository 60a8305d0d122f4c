import Foundation
import TaskCore

extension TaskNLParser {
    /// The tasks one line holds, each as its own text: `buy milk tomorrow and also call mom friday` is
    /// two. A line that holds one task is returned whole.
    ///
    /// Each line break cuts; each line is cut into clauses by `ClauseSplitter` (sentence ends, `; `,
    /// `and then`, `oh and`, `don't forget`, list commas between task clauses, …; docs/GRAMMAR.md
    /// "Several tasks in one line"). The separators themselves are the only words that leave, except
    /// that a header's day (`tasks for today:`) is said after each clause that names none.
    public func splitTasks(_ text: String, now: Date, timeZone: TimeZone) -> [String] {
        // Most lines hold no separator: answered by one pass over the bytes (what the full path below
        // returns for them: the line trimmed, or the line as it is when that leaves nothing).
        if Self.holdsNoSplit(text) { return [Self.onlyTask(text)] }
        return splitAtSeparators(text, now: now, timeZone: timeZone)
    }

    /// The one task of a line that `holdsNoSplit`: what the full path returns for it, the line
    /// trimmed, or the line as it is when trimming leaves nothing.
    static func onlyTask(_ text: String) -> String {
        let trimmed = text.trimmed(newlines: false)
        return trimmed.isEmpty ? text : trimmed
    }

    /// `splitTasks` without its fast path (FastPathTests checks that the two agree).
    func splitAtSeparators(_ text: String, now: Date, timeZone: TimeZone) -> [String] {
        var parts: [String] = []
        let splitter = ClauseSplitter(parser: self, now: now, timeZone: timeZone)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            parts += splitter.clauses(String(line)).filter { !$0.isEmpty }
        }
        return parts.isEmpty ? [text] : parts
    }

    /// Each task of the line parsed on its own (see `splitTasks`).
    public func parseTasks(_ text: String, now: Date, timeZone: TimeZone) -> [ParseResult] {
        parseTasks(text, at: Moment(now: now, timeZone: timeZone))
    }

    /// `parseTasks` at a moment worked out once (`parse -`: every line at the same one).
    public func parseTasks(_ text: String, at moment: Moment) -> [ParseResult] {
        if Self.holdsNoSplit(text) { return [parse(Self.onlyTask(text), at: moment)] }  // splitTasks's fast path, no list of one
        return splitTasks(text, now: moment.now, timeZone: moment.timeZone).map { parse($0, at: moment) }
    }

    /// The parts of `text` a model may name as one task's source: every run of clauses between the
    /// places where a dictation may move on to another task (`, `, `; `, ` and `, ` also `, ` then `,
    /// ` and also `, ` and then `), the whole text included, in order of position. A model's answer
    /// schema lists them as the only values `source` may take, so a small model copies the user's
    /// words exactly instead of paraphrasing them. Empty when the text has more than `maxCuts` such
    /// places (the list would grow with their square; `source` is then left free).
    public static func candidateSources(_ text: String, maxCuts: Int = 5) -> [String] {
        let pieces = cut(text, at: sourceSeparator)
        guard pieces.count - 1 <= maxCuts else { return [] }
        var spans: [String] = []
        for first in pieces.indices {
            var span = ""
            for index in first..<pieces.count {
                span += pieces[index].text
                let trimmed = span.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, !spans.contains(trimmed) { spans.append(trimmed) }
                span += pieces[index].separator
            }
        }
        return spans
    }

    /// The text cut at every match of `separator`, each trimmed; empty pieces left out, and a
    /// separator at either end (nothing on one side) is not a cut.
    static func cut(_ text: String, at separator: String) -> [(text: String, separator: String)] {
        guard let regex = Self.regex(separator) else { return [(text, "")] }
        let ns = text as NSString
        var result: [(text: String, separator: String)] = []
        var from = 0
        var pendingSeparator = ""
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let piece = ns.substring(with: NSRange(location: from, length: match.range.location - from))
            let sep = ns.substring(with: match.range)
            if piece.trimmingCharacters(in: .whitespaces).isEmpty {
                // Nothing before it: the separator stays with the words that follow.
                pendingSeparator += piece + sep
                from = match.range.location + match.range.length
                continue
            }
            result.append((pendingSeparator + piece, sep))
            pendingSeparator = ""
            from = match.range.location + match.range.length
        }
        let tail = ns.substring(from: from)
        if tail.trimmingCharacters(in: .whitespaces).isEmpty, let last = result.popLast() {
            result.append((last.text + last.separator + tail, ""))
        } else {
            result.append((pendingSeparator + tail, ""))
        }
        return result.map { ($0.text.trimmingCharacters(in: .whitespaces), $0.separator) }
    }

    /// ASCII text with no line break, no `;`, `,` or `: `, no `.`, `!` or `?` before white space, and
    /// none of the words a separator of `ClauseSplitter` needs (`and`, `also`, `then`, `plus`, `oh`,
    /// `forget`, `after that`, `i need`, `i have`, `i also`, any case): no separator can match anywhere
    /// in it, so it is one task. Non-ASCII text takes the full path, whose case folding and white
    /// space are Unicode's.
    static func holdsNoSplit(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { holdsNoSplit(bytes: $0) }
    }

    private static func holdsNoSplit(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // White space as the regular expressions' `\s` reads it in ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        let n = bytes.count
        var wordStart = 0
        var previous: UInt64 = 0
        var i = 0
        while i <= n {
            let b: UInt8 = i < n ? bytes[i] : 0x20
            if b >= 0x80 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ";") || b == UInt8(ascii: ",") { return false }
            if b == UInt8(ascii: ".") || b == UInt8(ascii: "!") || b == UInt8(ascii: "?") || b == UInt8(ascii: ":"), i + 1 < n, isSpace(bytes[i + 1]) {
                return false
            }
            if isSpace(b) {
                if i > wordStart {
                    // The word in lower case, packed into an integer, only when it may be a separator word
                    // (six letters at most, starting with a letter one starts with); most words are not packed.
                    var word: UInt64 = 0
                    let first = bytes[wordStart] | 0x20
                    if i - wordStart <= 6, first >= 0x61, first <= 0x7A, SeparatorWord.firstLetters >> (first - 0x61) & 1 == 1 {
                        for k in wordStart..<i { word = word << 8 | UInt64(bytes[k] | 0x20) }
                    }
                    switch (previous, word) {
                    case (_, SeparatorWord.and), (_, SeparatorWord.also), (_, SeparatorWord.then), (_, SeparatorWord.plus), (_, SeparatorWord.oh),
                        (_, SeparatorWord.forget), (SeparatorWord.after, SeparatorWord.that), (SeparatorWord.i, SeparatorWord.need),
                        (SeparatorWord.i, SeparatorWord.have):
                        return false
                    default: break
                    }
                    previous = word
                }
                wordStart = i + 1
            }
            i += 1
        }
        return true
    }

    /// The words `holdsNoSplit` looks for, each packed into an integer as it packs a word (lower case,
    /// the first letter highest); literals, so the byte loop loads no lazily made value
    /// (FastPathTests checks them against the words). `and`, `also`, `then`, `plus`, `oh`, `forget`
    /// are a separator alone (`i also` is caught by `also`); `after that`, `i need`, `i have` as pairs.
    enum SeparatorWord {
        static let and: UInt64 = 0x616E64, also: UInt64 = 0x616C736F, then: UInt64 = 0x7468656E, plus: UInt64 = 0x706C7573
        static let oh: UInt64 = 0x6F68, forget: UInt64 = 0x666F72676574, after: UInt64 = 0x6166746572, that: UInt64 = 0x74686174
        static let i: UInt64 = 0x69, need: UInt64 = 0x6E656564, have: UInt64 = 0x68617665
        /// Bit k set: some word above starts with the k-th letter of the alphabet (a, f, h, i, n, o, p, t).
        static let firstLetters: UInt32 = 0x8E1A1

        /// `word` packed as `holdsNoSplit` packs it.
        static func packed(_ word: String) -> UInt64 { word.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
    }

    /// Where a model may cut (`candidateSources`; `ClauseSplitter.separator`: where the rules cut).
    static let sourceSeparator = #"\s*[,;]\s+|\s+and\s+also\s+|\s+and\s+then\s+|\s+and\s+|\s+also\s+|\s+then\s+"#

    /// The separators' regular expressions, compiled once (compiling one cost more than parsing the
    /// line). NSRegularExpression is Sendable: Foundation checks out a copy of the ICU pattern for
    /// each match.
    private static let compiled: [String: NSRegularExpression] = Dictionary(
        uniqueKeysWithValues: [ClauseSplitter.separator, sourceSeparator].compactMap { pattern in
            (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])).map { (pattern, $0) }
        })

    private static func regex(_ pattern: String) -> NSRegularExpression? {
        compiled[pattern] ?? (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]))
    }

    /// Whether `text` reads as a task of its own: it carries a date or a kind, or what is left of its
    /// title starts with an instruction verb (`ask tom`, `descale the kettle`). `jerry about the
    /// party` does not: a model's split there is refused (`RefinementMerger`).
    public func readsAsTask(_ text: String, now: Date, timeZone: TimeZone) -> Bool {
        let draft = parse(text, now: now, timeZone: timeZone).draft
        if draft.due != nil || draft.kind != nil { return true }
        let first = draft.title.lowercased().split(separator: " ").first.map(String.init) ?? ""
        return Dictation.instructionVerbs.contains(first)
    }

    /// Both start with a verb the kind table knows, or both carry their own date and words besides
    /// it (`plan the menu for friday and saturday` is one task: `saturday` alone is only a date).
    func bothReadAsTasks(_ a: String, _ b: String, now: Date, timeZone: TimeZone) -> Bool {
        let first = parse(a, now: now, timeZone: timeZone), second = parse(b, now: now, timeZone: timeZone)
        func datedWithWords(_ result: ParseResult, _ text: String) -> Bool {
            // A title kept whole though a date was read: nothing but the date was said.
            result.draft.due != nil && result.draft.title.lowercased() != text.trimmed(newlines: false).lowercased()
        }
        return (first.draft.kind != nil && second.draft.kind != nil) || (datedWithWords(first, a) && datedWithWords(second, b))
    }
}
