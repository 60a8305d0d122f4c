import Foundation
import TaskCore
import TaskNL

/// Merges a model's proposals with the rules' reading, so the model never makes a capture worse
/// than the rules alone. The one merge of every model path: `tasker parse --refine` and the chat's
/// dictation (a refinement answer) and the chat's model tool calls (a proposed task) use it.
///
/// Splits: where the rules split a line (`TaskNLParser.splitTasks`: a newline, `; `, `and also`,
/// `and then`, two task clauses joined by `and`), the drafts keep that split; a model task spanning
/// several of those parts gives way to the parts. The model may split further inside a part only
/// when every piece reads as a task of its own (`TaskNLParser.readsAsTask`), so `ask tom and jerry
/// about the party` stays one task.
///
/// For each proposed task, its `source` is rule-parsed first. A field the rules set is final (a
/// chip of that field, or a non-default value). The model fills fields the rules left empty: a date
/// only when it reads as ISO 8601 or as a whole natural-language date (nonsense is ignored), and each
/// filled field gets a chip marked `fromModel`. The model's title replaces the rules' title only when
/// it uses no word absent from the source and keeps every content word of the rules' title
/// (`TitleWords`: fillers, hedges, spoken openers and a small closed class of function words may go)
/// — it can tidy, never invent or drop content; in a refinement it may leave out only the opener and
/// fillers, and a recasing gives way (`TitleLatitude`). A split is accepted only when every source is part
/// of the input and together they leave out nothing but such words.
public struct RefinementMerger: Sendable {
    public let parser: TaskNLParser
    public let now: Date
    public let timeZone: TimeZone
    /// The user's place names, so a split source reads "when I get to the supermarket" as the rules do.
    public let places: [String]

    public init(parser: TaskNLParser = TaskNLParser(), now: Date, timeZone: TimeZone, places: [String] = []) {
        self.parser = parser
        self.now = now
        self.timeZone = timeZone
        self.places = places
    }

    /// The merged drafts for a whole refinement answer, each with its source and the rules' reading of it.
    /// - Throws: `LLMError.wrongShape` when the answer is not `{"tasks": [...]}` with at least one task,
    ///   or when its sources do not match the input.
    public func merge(answer: JSONValue, text: String, rules: ParseResult) throws(LLMError) -> [MergedTask] {
        guard let items = answer["tasks"]?.arrayValue else { throw .wrongShape(detail: "no \"tasks\" array") }
        guard !items.isEmpty else { throw .wrongShape(detail: "\"tasks\" is empty") }
        guard items.count <= 20 else { throw .wrongShape(detail: "more than 20 tasks") }
        var proposed: [ModelTask] = []
        for item in items { proposed.append(try ModelTask(json: item)) }
        let resolved = try Self.resolved(proposed, in: text)
        try checkSources(resolved.map(\.source), cover: text)
        let tasks = keepingRulesSplit(resolved, in: text)
        return tasks.map { task in
            let sourceRules = Self.normalized(task.source) == Self.normalized(text)
                ? rules : parser.parse(task.source, now: now, timeZone: timeZone, places: places)
            return MergedTask(source: task.source, rules: sourceRules, draft: merge(task, into: sourceRules, titles: .refinement))
        }
    }

    /// The model's tasks (as `resolved` gives them, in text order) fitted to the rules' split of
    /// `text`: each rules part keeps the model tasks that lie inside it when there is one, or when
    /// every one of them reads as a task of its own; otherwise (a model task across a split, a split
    /// inside a part that leaves a piece that is no task) the part itself stands, read by the rules.
    func keepingRulesSplit(_ tasks: [ModelTask], in text: String) -> [ModelTask] {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let parts = parser.splitTasks(text, now: now, timeZone: timeZone)
        // A part that is not the user's words as they stand (a header's day said after it, joining
        // words taken off) cannot be placed: the rules' parts stand, so no rules' draft or date is lost.
        guard let partRanges = Self.ranges(of: parts, in: flat) else { return parts.map { ModelTask(source: $0) } }
        guard let taskRanges = Self.ranges(of: tasks.map(\.source), in: flat) else { return tasks }
        var kept: [ModelTask] = []
        for (part, partRange) in zip(parts, partRanges) {
            let inside = zip(tasks, taskRanges).filter { partRange.lowerBound <= $0.1.lowerBound && $0.1.upperBound <= partRange.upperBound }.map(\.0)
            let across = taskRanges.contains { $0.overlaps(partRange) && !(partRange.lowerBound <= $0.lowerBound && $0.upperBound <= partRange.upperBound) }
            if !across, inside.count == 1 || (inside.count > 1 && inside.allSatisfy { parser.readsAsTask($0.source, now: now, timeZone: timeZone) }) {
                kept += inside
            } else {
                kept.append(ModelTask(source: part))
            }
        }
        return kept
    }

    /// Where each of `pieces` stands in `flat`, searched in order, each after the last one found
    /// (case-insensitive, white space collapsed); nil when one is not found.
    static func ranges(of pieces: [String], in flat: String) -> [Range<String.Index>]? {
        var ranges: [Range<String.Index>] = []
        var from = flat.startIndex
        for piece in pieces {
            let needle = piece.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let range = flat.range(of: needle, options: [.caseInsensitive], range: from..<flat.endIndex)
                ?? flat.range(of: needle, options: [.caseInsensitive])
            else { return nil }
            ranges.append(range)
            from = range.upperBound
        }
        return ranges
    }

    /// One task of a merged answer: the part of the text it was read from (as `resolved` gives it),
    /// the rules' reading of that part, and the merged draft.
    public struct MergedTask: Sendable, Hashable {
        public var source: String
        public var rules: ParseResult
        public var draft: ParseResult
    }

    /// One proposal merged into the rules' parse of its source, its title judged with `titles` latitude.
    public func merge(_ task: ModelTask, into rules: ParseResult, titles: TitleLatitude = .refinement) -> ParseResult {
        var draft = rules.draft
        var chips = rules.understood
        let set = Set(rules.understood.map(\.field))
        if let title = task.title, acceptsTitle(title, source: task.source, rulesTitle: draft.title, latitude: titles) {
            draft.title = title
        }
        if draft.priority == .normal, !set.contains(.priority), let p = task.priority, p != .normal {
            draft.priority = p
            chips.append(Chip(field: .priority, text: ChipText.priority(p), fromModel: true))
        }
        if draft.estimateMinutes == nil, !set.contains(.estimate), let minutes = task.estimateMinutes {
            draft.estimateMinutes = minutes
            chips.append(Chip(field: .estimate, text: ChipText.estimate(minutes), fromModel: true))
        }
        if draft.energy == nil, !set.contains(.energy), let energy = task.energy {
            draft.energy = energy
            chips.append(Chip(field: .energy, text: ChipText.energy(energy), fromModel: true))
        }
        if draft.contexts.isEmpty, !set.contains(.context), !task.contexts.isEmpty {
            var seen: [String] = []
            for c in task.contexts where !seen.contains(c) { seen.append(c) }
            draft.contexts = seen
            chips += seen.map { Chip(field: .context, text: ChipText.context($0), fromModel: true) }
        }
        if draft.due == nil, draft.recurrence == nil, !set.contains(.due), let text = task.due, let due = date(text) {
            draft.due = due
            chips.append(Chip(field: .due, text: ChipText.due(due, now: now, timeZone: timeZone), fromModel: true))
        }
        if draft.kind == nil, !set.contains(.kind), let kind = task.kind {
            draft.kind = kind
            chips.append(Chip(field: .kind, text: ChipText.kind(kind), fromModel: true))
        }
        let order = Chip.Field.allCases
        let sorted = chips.enumerated().sorted { a, b in
            let (ia, ib) = (order.firstIndex(of: a.element.field) ?? 0, order.firstIndex(of: b.element.field) ?? 0)
            return ia == ib ? a.offset < b.offset : ia < ib
        }.map(\.element)
        return ParseResult(draft: draft, understood: sorted)
    }

    /// A task the model proposed in the chat (a `create_task` call), merged by the same rules: the
    /// draft to save.
    ///
    /// When it is the only task proposed for the message, its source is what the user typed and
    /// `rules` is the rules' reading of it. When the model split the message, each proposal's own
    /// title stands for its source (rule-parsed here); either way a title with a word the user never
    /// typed gives way to the rules' title of the whole message. What the rules never read (notes,
    /// project, list, parent) is the model's, and so is a repeat the rules did not read.
    public func merge(proposal draft: TaskDraft, due: String?, userText: String, rules: ParseResult, single: Bool) -> ParseResult {
        var merged = mergeFields(proposal: draft, due: due, userText: userText, rules: rules, single: single)
        merged.draft = Self.keepingModelFields(merged.draft, from: draft)
        return merged
    }

    private func mergeFields(proposal draft: TaskDraft, due: String?, userText: String, rules: ParseResult, single: Bool) -> ParseResult {
        let source = single ? userText : draft.title
        let sourceRules = single ? rules : parser.parse(draft.title, now: now, timeZone: timeZone)
        let proposal = ModelTask(
            source: source, title: draft.title, due: due, priority: draft.priority == .normal ? nil : draft.priority,
            estimateMinutes: draft.estimateMinutes, energy: draft.energy, contexts: draft.contexts, kind: draft.kind)
        var merged = merge(proposal, into: sourceRules, titles: .proposal)
        if !Self.titleUsesOnlyWords(merged.draft.title, of: userText) { merged.draft.title = rules.draft.title }
        return merged
    }

    /// The drafts to save for the `create_task` proposals of one chat turn, one list per proposal,
    /// by the split rule of a refinement: one proposal for a line the rules split (`clean the oven and
    /// also descale the kettle`) gives way to the rules' parts, each read by the rules and keeping the
    /// proposal's project, list and parent; several proposals for a line the rules keep whole stand
    /// only when every title reads as a task, else the first saves the rules' one reading and the
    /// others save nothing (`ask tom and jerry about the party`). Otherwise each is merged alone.
    public func merge(proposals: [(draft: TaskDraft, due: String?)], userText: String, rules: ParseResult) -> [[ParseResult]] {
        let parts = parser.splitTasks(userText, now: now, timeZone: timeZone)
        if proposals.count == 1, parts.count > 1, let only = proposals.first {
            return [parts.map { part in
                var read = parser.parse(part, now: now, timeZone: timeZone, places: places)
                read.draft = Self.keepingModelFields(read.draft, from: only.draft, splitPart: true)
                return read
            }]
        }
        if proposals.count > 1, parts.count == 1,
            !proposals.allSatisfy({ parser.readsAsTask($0.draft.title, now: now, timeZone: timeZone) })
        {
            var whole = rules
            whole.draft = Self.keepingModelFields(whole.draft, from: proposals[0].draft, splitPart: true)
            return [[whole]] + Array(repeating: [], count: proposals.count - 1)
        }
        let single = proposals.count == 1
        return proposals.map { [merge(proposal: $0.draft, due: $0.due, userText: userText, rules: rules, single: single)] }
    }

    /// The text of a proposed capture: a part of what the user typed (one task of several), never
    /// the model's own rewording, which gives way to the whole message.
    public static func captureText(_ proposed: String, userText: String) -> String {
        let part = normalized(proposed)
        return part.isEmpty || !normalized(userText).contains(part) ? userText : proposed
    }

    /// A model date: ISO 8601 or a phrase the grammar reads whole, within a sane range
    /// (not more than a day in the past, not more than ten years ahead).
    func date(_ text: String) -> Date? {
        guard let date = ISODate.parse(text, in: timeZone) ?? parser.parseDate(text, now: now, timeZone: timeZone) else { return nil }
        guard date >= now.addingTimeInterval(-86_400), date <= now.addingTimeInterval(86_400 * 3653) else { return nil }
        return date
    }

    /// Whether a model title replaces the rules' title (`TitleLatitude` says how far it may stray).
    func acceptsTitle(_ title: String, source: String, rulesTitle: String, latitude: TitleLatitude = .proposal) -> Bool {
        guard title.count <= 200, !title.contains(where: \.isNewline), Self.titleUsesOnlyWords(title, of: source),
            // Nor may it bring back what the rules took out of the title: a date said ("friday", "next
            // week"), a chip ("#errands", "!high"), a spoken opener ("so um I need to").
            Self.titleUsesOnlyWords(title, of: rulesTitle)
        else { return false }
        let words = Self.words(title)
        let rulesWords = Self.words(rulesTitle)
        switch latitude {
        case .proposal:
            return TitleWords.content(rulesWords).allSatisfy(Set(words).contains)
        case .refinement:
            // Letter case alone is no refinement ("Call Bob" for "Call bob"): the user's letters stand.
            return words != rulesWords && TitleWords.kept(rulesWords).allSatisfy(Set(words).contains)
        }
    }

    /// The words of `text` outside every source (each part of the text: `resolved` checked) must be fillers.
    func checkSources(_ sources: [String], cover text: String) throws(LLMError) {
        var rest = Self.normalized(text)
        for source in sources {
            if let range = rest.range(of: Self.normalized(source)) { rest.replaceSubrange(range, with: " ") }
        }
        guard TitleWords.content(Self.words(rest)).isEmpty else {
            throw .wrongShape(detail: "the tasks leave out part of the text")
        }
    }

    /// The proposed tasks as they stand in `text`, in text order. A source that holds other sources
    /// stands for what is left of it once they are taken out (its own title and fields are dropped):
    /// a small model (SmolLM2-135M) asked for the tasks of "buy milk and call mom" often names the
    /// whole line first and then "call mom", which is a split at that task's edge — read that way,
    /// never as two overlapping tasks. A source repeated word for word counts once; two sources that
    /// overlap without one holding the other are refused. Each source comes back in the text's own
    /// letters (case and spacing as the user wrote them).
    /// - Throws: `LLMError.wrongShape` when a source is not part of the text or two overlap.
    static func resolved(_ tasks: [ModelTask], in text: String) throws(LLMError) -> [ModelTask] {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var placed: [(range: Range<String.Index>, task: ModelTask)] = []
        for task in tasks {
            let needle = task.source.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let range = flat.range(of: needle, options: [.caseInsensitive]) else {
                throw .wrongShape(detail: "a task's source is not part of the text")
            }
            if !placed.contains(where: { $0.range == range }) { placed.append((range, task)) }
        }
        func holds(_ a: Range<String.Index>, _ b: Range<String.Index>) -> Bool {
            a != b && a.lowerBound <= b.lowerBound && b.upperBound <= a.upperBound
        }
        for a in placed {
            for b in placed where a.range != b.range && a.range.overlaps(b.range) {
                guard holds(a.range, b.range) || holds(b.range, a.range) else {
                    throw .wrongShape(detail: "two tasks' sources overlap")
                }
            }
        }
        var result: [(start: String.Index, task: ModelTask)] = []
        for (range, task) in placed {
            let inner = placed.map(\.range).filter { holds(range, $0) }.sorted { $0.lowerBound < $1.lowerBound }
            guard !inner.isEmpty else {
                var task = task
                task.source = String(flat[range])
                result.append((range.lowerBound, task))
                continue
            }
            var cursor = range.lowerBound
            for part in inner + [range.upperBound..<range.upperBound] {
                if cursor < part.lowerBound, let rest = leftover(flat[cursor..<part.lowerBound]) {
                    result.append((cursor, ModelTask(source: rest)))
                }
                cursor = max(cursor, part.upperBound)
            }
        }
        // A part held by two nested holders was counted once per holder: keep the first of each source.
        var seen: Set<String> = []
        return result.sorted { $0.start < $1.start }.map(\.task).filter { seen.insert(normalized($0.source)).inserted }
    }

    /// A stretch of text between two named tasks, without the joining words at its edges ("and",
    /// "also", "then", commas); nil when nothing but such words is left.
    static func leftover(_ text: Substring) -> String? {
        var words = text.split(separator: " ").map(String.init)
        let joiners: Set<String> = ["and", "also", "then"]
        func isJoiner(_ word: String) -> Bool {
            let bare = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",;"))
            return bare.isEmpty || joiners.contains(bare)
        }
        while let first = words.first, isJoiner(first) { words.removeFirst() }
        while let last = words.last, isJoiner(last) { words.removeLast() }
        var joined = words.joined(separator: " ")
        while joined.hasSuffix(",") || joined.hasSuffix(";") { joined.removeLast() }
        return TitleWords.content(Self.words(joined)).isEmpty ? nil : joined
    }

    /// Lower-cased, whitespace collapsed.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether every word of `title` is a word of `source`: a model may shorten and tidy a title,
    /// never put words in the user's mouth ("Buy oat milk and bread" for "buy oat milk friday").
    public static func titleUsesOnlyWords(_ title: String, of source: String) -> Bool {
        let proposed = words(title)
        let available = Set(words(source))
        return !proposed.isEmpty && proposed.allSatisfy(available.contains)
    }

    /// Lower-cased words of letters, digits and apostrophes.
    static func words(_ text: String) -> [String] {
        text.lowercased().replacingOccurrences(of: "’", with: "'")
            .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'") })
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            .filter { !$0.isEmpty }
    }
}
