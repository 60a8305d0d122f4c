import Foundation
import TaskCore

/// One run of the grammar over one sentence: scans left to right, lets the first match of each field
/// win, then resolves the due date, the kind and the title.
struct SentenceParse {
    let scope: ParseScope
    /// Tokens understood (they leave the title).
    private(set) var claimed: [Bool]
    /// Tokens of a stripped prefix (`remind me to`).
    private(set) var stripped: [Bool]
    private var ideaPrefix: Range<Int>?
    /// Where a `remind me` said without `to` ends (`remind me tomorrow to call bob`).
    private var remindMeEnd: Int?

    private var priority: (value: Priority, tokens: Range<Int>)?
    private var estimate: (minutes: Int, tokens: Range<Int>)?
    private var energy: (value: Energy, tokens: Range<Int>)?
    private var contexts: [String] = []
    private var tagChips: [Chip] = []
    private var phrases: [TemporalPhrase] = []
    private var recurrence: (match: RecurrenceMatch, tokens: Range<Int>)?
    /// Plural days that gave an open weekly rule its days (`fortnightly grocery run on sundays`).
    private var recurrenceDays: Range<Int>?
    /// An end said apart from the rule (`daily starting march 3rd for 8 times`).
    private var recurrenceEnd: Range<Int>?
    private var deferral: (day: LocalDate, tokens: Range<Int>)?
    /// A time said in a form the grammar does not read (`at 3p`): no due and no repeat.
    private var unreadTime = false
    private var reminder: (phrase: ReminderPhrase, tokens: Range<Int>)?
    private var place: (binding: PlaceBinding, tokens: Range<Int>)?

    init(scope: ParseScope) {
        self.scope = scope
        claimed = Array(repeating: false, count: scope.count)
        stripped = Array(repeating: false, count: scope.count)
    }

    mutating func run() -> ParseResult {
        let start = stripPrefix()
        scan(from: start)
        // `daily at 3p`: a rule without the time it was said with would be wrong; it stays in the title.
        if unreadTime { dropRecurrence() }
        var draft = TaskDraft(title: "")
        var chips: [Chip] = []
        chips.reserveCapacity(8)  // one allocation for a line's chips, not one per chip added
        if let priority {
            draft.priority = priority.value
            chips.append(chip(.priority, ChipText.priority(priority.value), priority.tokens))
        }
        if let estimate {
            draft.estimateMinutes = estimate.minutes
            chips.append(chip(.estimate, ChipText.estimate(estimate.minutes), estimate.tokens))
        }
        if let energy {
            draft.energy = energy.value
            chips.append(chip(.energy, ChipText.energy(energy.value), energy.tokens))
        }
        draft.contexts = contexts
        chips += tagChips
        if let (due, spans) = resolveDue() {
            draft.due = due
            let local = LocalDateTime(due, in: scope.timeZone)
            chips.append(Chip(field: .due, text: ChipText.due(day: local.date, seconds: local.secondsIntoDay, today: scope.today), spans: spans))
        }
        if let recurrence {
            draft.recurrence = recurrence.match.rule
            let spans = [recurrence.tokens] + [recurrenceDays, recurrenceEnd].compactMap { $0 }
            chips.append(Chip(field: .recurrence, text: ChipText.recurrence(recurrence.match.rule), spans: spans.map { scope.span($0) }))
        }
        if let deferral {
            draft.deferUntil = deferral.day
            chips.append(chip(.deferUntil, ChipText.deferred(deferral.day, today: scope.today), deferral.tokens))
        }
        if let reminder, let (setting, text) = resolveReminder(reminder.phrase, due: draft.due) {
            draft.remind = setting
            chips.append(chip(.remind, text, reminder.tokens))
        }
        if let place {
            draft.place = place.binding
            chips.append(chip(.place, ChipText.place(place.binding), place.tokens))
        }
        stripRemindConnector()
        stripDictation()
        if let ideaPrefix {
            draft.kind = .idea
            chips.append(chip(.kind, ChipText.kind(.idea), ideaPrefix))
        } else if let kind = readKind() {
            draft.kind = kind
            chips.append(Chip(field: .kind, text: ChipText.kind(kind)))
        }
        draft.title = TitleText.make(tokens: scope.tokens, keep: { !claimed[$0] && !stripped[$0] })
        let prefixSpans = scope.tokens.indices.filter { stripped[$0] }.map { scope.tokens[$0].range }
        return ParseResult(draft: draft, understood: chips, ignoredSpans: prefixSpans)
    }

    private func chip(_ field: Chip.Field, _ text: String, _ tokens: Range<Int>) -> Chip {
        Chip(field: field, text: text, spans: [scope.span(tokens)])
    }

    /// Token `k` is still in the title: neither understood nor part of a stripped prefix.
    private func isKept(_ k: Int) -> Bool { !claimed[k] && !stripped[k] }

    private mutating func claim(_ r: Range<Int>) {
        for k in r { claimed[k] = true }
    }

    /// Forgets the repeat: its words (and its days and end said apart) go back to the title.
    private mutating func dropRecurrence() {
        guard let r = recurrence else { return }
        for span in [r.tokens, recurrenceDays, recurrenceEnd].compactMap({ $0 }) { for k in span { claimed[k] = false } }
        recurrence = nil
    }

    // MARK: - Prefixes

    /// Strips a list marker (`- `, `* `, `• `, from a pasted list) and then `remind me to`,
    /// `remind me`, `todo:`, `to do:`, `task:`, `idea:` from the start. A marker alone is the title.
    private mutating func stripPrefix() -> Int {
        let first = scope.word(0)
        var marker = scope.count > 1 && (first == "-" || first == "*" || first == "•") ? 1 : 0
        if marker == 1 { stripped[0] = true }
        // Spoken openers that add to no list leave before the scan, so what follows reads as the
        // start (`can you remind me to …`); the rest leave after it (`stripDictation`).
        while let o = Dictation.opener(count: scope.count - marker, word: { scope.word(marker + $0) }), !o.addsToList {
            for k in marker..<(marker + o.length) { stripped[k] = true }
            marker += o.length
        }
        let w0 = scope.word(marker), w1 = scope.word(marker + 1)
        var length = 0
        if w0 == "remind" && w1 == "me" {
            length = scope.word(marker + 2) == "to" ? 3 : 2
            if length == 2 { remindMeEnd = marker + 2 }
        } else if w0 == "todo:" || w0 == "task:" {
            length = 1
        } else if w0 == "to" && w1 == "do:" {
            length = 2
        } else if w0 == "idea:" {
            ideaPrefix = marker..<(marker + 1)
            claimed[marker] = true
            return marker + 1
        }
        for k in marker..<(marker + length) { stripped[k] = true }
        return marker + length
    }

    /// Strips the `to` or `about` that follows `remind me` and the words understood after it
    /// (`remind me in 2 hours to check the oven` → `Check the oven`), when a word follows it.
    private mutating func stripRemindConnector() {
        guard let end = remindMeEnd, let k = (end..<scope.count).first(where: isKept),
            ["to", "about"].contains(scope.word(k)), (k + 1..<scope.count).contains(where: isKept)
        else { return }
        stripped[k] = true
    }

    /// Strips spoken openers from the start of what remains of the title and hedges from its end
    /// (`Dictation`), repeatedly: `uh so I need to`, `or something I guess`.
    private mutating func stripDictation() {
        // Nearly every title starts with no opener's first word and ends with no hedge's last word.
        guard let firstKept = scope.tokens.indices.first(where: isKept), let lastKept = scope.tokens.indices.last(where: isKept),
            Dictation.mayOpen(scope.word(firstKept)) || Dictation.mayEnd(scope.word(lastKept))
        else { return }
        var kept = scope.tokens.indices.filter(isKept)
        var first = 0  // kept[first...] are the words still in the title
        var addsToList = false
        while let o = Dictation.opener(count: kept.count - first, word: { scope.word(kept[first + $0]) }) {
            for k in kept[first..<(first + o.length)] { stripped[k] = true }
            first += o.length
            addsToList = addsToList || o.addsToList
        }
        // decision: `on my list`, `to my tasks` leave only after an opener that adds (`add`, `put`, `could you add`).
        if addsToList, let n = Dictation.listTail(count: kept.count - first, word: { scope.word(kept[first + $0]) }), n < kept.count - first {
            for k in kept.suffix(n) { stripped[k] = true }
            kept.removeLast(n)
        }
        while let n = Dictation.hedge(count: kept.count - first, word: { scope.word(kept[first + $0]) }) {
            for k in kept.suffix(n) { stripped[k] = true }
            kept.removeLast(n)
        }
    }

    // MARK: - Scan

    private mutating func scan(from start: Int) {
        var i = start
        var bareDayPart: Int?
        defer { if let k = bareDayPart { readTrailingDayPart(at: k, start: start) } }
        while i < scope.count {
            if !scope.mayStartReading(at: i) {  // a plain title word: no reader starts here
                i += 1
                continue
            }
            if let p = scope.readPlace(at: i) {
                if place == nil {
                    place = (p.binding, i..<p.end)
                    claim(i..<p.end)
                }
                i = p.end
            } else if i > start, let r = scope.readReminder(at: i) {
                if reminder == nil {
                    reminder = (r.phrase, i..<r.end)
                    claim(i..<r.end)
                }
                i = r.end
            } else if recurrence != nil, recurrenceEnd == nil, scope.mayEndRule(at: i), let open = recurrence,
                let e = scope.readLateRuleEnd(at: i, rule: open.match.rule)
            {
                // `daily starting march 3rd for 8 times`: an end said after the rule's start
                recurrence?.match.rule = e.rule
                recurrenceEnd = i..<e.end
                claim(i..<e.end)
                i = e.end
            } else if recurrence != nil, deferral == nil, scope.word(i) == "from", let open = recurrence,
                let span = scope.readRuleSpan(at: i, rule: open.match.rule)
            {
                // `every 3 fridays from november`, `mondays and thursdays from jan 1 to march 25th`
                deferral = (span.start, i..<span.startEnd)
                claim(i..<span.end)
                if let until = span.until {
                    recurrence?.match.rule.until = .day(until)
                    recurrenceEnd = span.startEnd..<span.end
                }
                i = span.end
            } else if let r = scope.readRecurrence(at: i) {
                if recurrence == nil {
                    recurrence = (r, i..<r.end)
                    claim(i..<r.end)
                } else if r.plural, let open = recurrence, open.match.rule.frequency == .weekly, open.match.rule.isPlain,
                    open.match.rule.weekdays.isEmpty
                {
                    // `fortnightly grocery run on sundays`: the plural days give the open weekly rule its days.
                    recurrence?.match.rule.weekdays = r.rule.weekdays
                    if recurrence?.match.dayPart == nil { recurrence?.match.dayPart = r.dayPart }
                    recurrenceDays = i..<r.end
                    claim(i..<r.end)
                }
                i = r.end
            } else if let d = scope.readDefer(at: i) {
                if deferral == nil {
                    deferral = (d.day, i..<d.end)
                    claim(i..<d.end)
                }
                i = d.end
            } else if scope.saysUnreadTime(at: i) {
                unreadTime = true
                i += 2
            } else if let end = scope.bareTimeRangeEnd(at: i) {
                i = end  // `from 2 to 4pm`: neither end is a time; the range stays in the title
            } else if let end = scope.topicEnd(at: i) {
                i = end  // `text jake about saturday`: a date said as the topic stays in the title
            } else if let p = scope.readPhrase(at: i) {
                if scope.readsOneOfSeveralDays(p) {  // `gym mon wed fri 7am`: no one day is the due
                    i = p.tokens.upperBound
                    continue
                }
                var p = p
                if let k = scope.wordLeaving(before: i, p) {
                    p.tokens = k..<p.tokens.upperBound  // it leaves with the due, so the due's chip covers it
                    claim(k..<(k + 1))
                }
                phrases.append(p)
                i = p.tokens.upperBound
                // `from 2pm to 4pm`: the start is the time; the end stays in the title, never a second time.
                if p.time != nil, let end = scope.timeRangeClose(at: i) { i = end }
            } else if let p = scope.readPriority(at: i) {
                if priority == nil {
                    priority = (p.priority, i..<p.end)
                    claim(i..<p.end)
                }
                i = p.end
            } else if let e = scope.readEstimate(at: i) {
                if estimate == nil {
                    estimate = (e.minutes, i..<e.end)
                    claim(i..<e.end)
                }
                i = e.end
            } else if let e = scope.readEnergy(at: i) {
                if energy == nil {
                    energy = (e.energy, i..<e.end)
                    claim(i..<e.end)
                }
                i = e.end
            } else if let t = scope.readTag(at: i) {
                claim(i..<t.end)
                let span = scope.span(i..<t.end)
                if let k = contexts.firstIndex(of: t.context) {
                    tagChips[k].spans.append(span)
                } else {
                    contexts.append(t.context)
                    tagChips.append(Chip(field: .context, text: t.typed, spans: [span]))
                }
                i = t.end
            } else {
                if scope.lexeme(i).dayPart != nil { bareDayPart = i }
                i += 1
            }
        }
    }

    /// Words before a day part that make it part of the title (`good morning`, `the evening news`).
    static let dayPartKeepers: Set<String> = [
        "good", "the", "a", "an", "one", "that", "all", "each", "per", "of", "this", "last", "same", "every", "my", "your", "our",
    ]

    /// A day part alone (`run evening`, `call mom afternoon`) sets the time when it ends the sentence
    /// (only understood words after it) and title words come before it; at the start (`evening run`)
    /// or after `good`, `the`, … it stays in the title.
    private mutating func readTrailingDayPart(at k: Int, start: Int) {
        guard let part = scope.lexeme(k).dayPart, !Self.dayPartKeepers.contains(scope.word(k - 1)) else { return }
        let understood = scope.tokens.indices.map { j in claimed[j] || phrases.contains { $0.tokens.contains(j) } }
        // Only understood words after it, or a hedge (`run evening, probably`).
        var rest = ((k + 1)..<scope.count).filter { !understood[$0] }.map { scope.word($0) }
        while let n = Dictation.hedge([scope.word(k)] + rest) { rest.removeLast(n) }
        guard rest.isEmpty, (start..<k).contains(where: { !understood[$0] && !stripped[$0] }) else { return }
        var phrase = TemporalPhrase(tokens: k..<(k + 1))
        phrase.dayPart = part
        phrases.append(phrase)
    }

    // MARK: - Reminder

    /// A reminder's setting and chip text. `at 4pm` falls on the due's day (the day before when
    /// that is after the due); without a due, today, or tomorrow once the time has passed.
    private func resolveReminder(_ phrase: ReminderPhrase, due: Date?) -> (ReminderSetting, String)? {
        switch phrase {
        case .minutesBefore(let minutes):
            return (.minutesBefore(minutes), "Remind " + ChipText.estimate(minutes).replacingOccurrences(of: "≈", with: "") + " before")
        case .at(let time):
            let (hour, minute) = time.resolved(with: nil)
            var day = due.map { LocalDate($0, in: scope.timeZone) } ?? scope.today
            var instant = day.instant(hour: hour, minute: minute, in: scope.timeZone)
            if let due, instant > due {
                day = day.adding(days: -1)
                instant = day.instant(hour: hour, minute: minute, in: scope.timeZone)
            } else if due == nil, instant <= scope.now {
                day = day.adding(days: 1)
                instant = day.instant(hour: hour, minute: minute, in: scope.timeZone)
            }
            return (.at(instant), "Remind " + ChipText.due(day: day, seconds: hour * 3_600 + minute * 60, today: scope.today))
        }
    }

    // MARK: - Kind

    /// The kind named by the first word left in the title (`call`, `buy`, `pick up`, `meet`, `pay`, `waiting on`).
    private func readKind() -> TaskKind? {
        guard let first = scope.tokens.indices.first(where: isKept) else { return nil }
        let next = scope.tokens.indices[(first + 1)...].first(where: isKept).map { scope.word($0) } ?? ""
        switch scope.word(first) {
        case "call", "phone", "ring": return .call
        case "buy": return .errand
        case "pick": return next == "up" ? .errand : nil
        case "meet", "meeting": return .meeting
        case "pay": return .admin
        case "waiting": return next == "on" || next == "for" ? .waiting : nil
        default: return nil
        }
    }

    // MARK: - Due

    /// Picks the winning date and time phrases, claims them, and works out the due instant and the
    /// spans of its chip.
    private mutating func resolveDue() -> (Date, [Range<Int>])? {
        if unreadTime { return nil }  // `call mom tomorrow at 3p`: a day without the time said with it
        var dayPhrase = phrases.first(where: { $0.hasDay && !$0.unsure })
        if recurrence != nil, dayPhrase?.elapsedSeconds != nil { dayPhrase = nil }
        var timePhrase = phrases.first(where: { !$0.hasDay && !$0.unsure })
        if let t = timePhrase, let d = dayPhrase {
            if d.time != nil || d.elapsedSeconds != nil || (t.time == nil && d.dayPart != nil) { timePhrase = nil }
        }
        if let t = timePhrase, t.time == nil, recurrence?.match.dayPart != nil { timePhrase = nil }
        // `dentist the 21st at 3pm`: a day of the month the grammar did not read sits right before the
        // time, so the day is unsure; the whole phrase stays in the title rather than fall on today.
        if dayPhrase == nil, recurrence == nil, deferral == nil, let t = timePhrase, t.tokens.lowerBound > 0,
            scope.dayNumber(t.tokens.lowerBound - 1) != nil, scope.number(t.tokens.lowerBound - 1) == nil
        {
            return nil
        }
        // `dentist wensday at 3`: a day word typed wrong sits right before the time; it stays in the title.
        if dayPhrase == nil, recurrence == nil, deferral == nil, let t = timePhrase, t.tokens.lowerBound > 0,
            scope.looksLikeMisspeltDay(t.tokens.lowerBound - 1)
        {
            return nil
        }
        // `9:00 AM to 5:00 PM, Tuesday, 20 May 2013`: a day is said but in doubt, so a time alone is too.
        if dayPhrase == nil, phrases.contains(where: { $0.unsure && $0.day != nil }) { return nil }
        // `on christmas at 5`: a time with no day in a line naming a holiday is unsure of its day.
        if dayPhrase == nil, recurrence == nil, deferral == nil, timePhrase != nil, scope.namesHoliday { return nil }
        var spans: [Range<Int>] = []
        spans.reserveCapacity(2)
        for p in [dayPhrase, timePhrase] {
            guard let p else { continue }
            claim(p.tokens)
            spans.append(scope.span(p.tokens))
        }
        let dayPart = dayPhrase?.dayPart ?? timePhrase?.dayPart ?? recurrence?.match.dayPart
        let explicit = dayPhrase?.time ?? timePhrase?.time
        let time = explicit?.resolved(with: dayPart) ?? dayPart.map { (hour: $0.defaultHour, minute: 0) }
        let zone = scope.timeZone
        // `quarterly tax payment on the 15th`: a day of the month said apart from a monthly rule is its day.
        if let rule = recurrence?.match.rule, rule.frequency == .monthly, rule.isPlain, rule.days.isEmpty, let d = dayPhrase,
            let day = d.day, day.day <= 28, deferral == nil,
            d.tokens.contains(where: { scope.dayNumber($0) != nil && scope.number($0) == nil }),
            !d.tokens.contains(where: { scope.lexeme($0).month != nil })
        {
            recurrence?.match.rule.monthDays = [day.day]
        }
        if let rule = recurrence?.match.rule {
            let anchorGiven = deferral?.day ?? dayPhrase?.day
            let (hour, minute) = time ?? WallTime.dateOnlyDue.hourAndMinute
            if case .day(let end)? = rule.until, let start = anchorGiven, end < start {
                // `starting in april, daily until march`: the end is the next such day after the start
                var later = end
                while later < start { later = later.adding(months: 12) }
                recurrence?.match.rule.until = .day(later)
            }
            let rule = recurrence?.match.rule ?? rule
            var first = rule.firstDay(onOrAfter: anchorGiven ?? scope.today)
            if time != nil, anchorGiven == nil, first.instant(hour: hour, minute: minute, in: zone) <= scope.now {
                first = rule.nextDay(after: first)
            }
            let due = first.instant(hour: hour, minute: minute, in: zone)
            if rule.until != nil, rule.occurrences(from: due, in: zone, limit: 1).first != due {
                // `gym every friday until jun 1` said on Sat 30 May: the series ends before its first day,
                // so it has none; the whole line stays in the title (a wrong date is worse than none).
                for p in [dayPhrase, timePhrase] { if let p { for k in p.tokens { claimed[k] = false } } }
                dropRecurrence()
                return nil
            }
            return (due, spans)
        }
        if let seconds = dayPhrase?.elapsedSeconds {
            return (scope.now.addingTimeInterval(TimeInterval(seconds)), spans)
        }
        if let day = dayPhrase?.day {
            let (hour, minute) = time ?? WallTime.dateOnlyDue.hourAndMinute
            return (day.instant(hour: hour, minute: minute, in: zone), spans)
        }
        if let (hour, minute) = time {
            let base = deferral?.day ?? scope.today
            let due = base.instant(hour: hour, minute: minute, in: zone)
            if deferral == nil, due <= scope.now {
                return (base.adding(days: 1).instant(hour: hour, minute: minute, in: zone), spans)
            }
            return (due, spans)
        }
        return nil
    }
}
