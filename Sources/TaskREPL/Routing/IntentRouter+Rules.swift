import Foundation
import TaskCore
import TaskNL
import TaskToolkit

extension IntentRouter {
    /// How a question about a list may start: "what's", "what do I have", "anything", "show me"… then
    /// an optional "anything"/"tasks" ("is there anything due today", "any tasks overdue").
    static let ask = #"(?:what'?s |what is |what do i have |what have i got |is there |are there |do i have |show(?: me)? |list )?(?:anything |any tasks |any |tasks )?"#

    /// "tomorrow" as people type it (`what's due tmrw`), the spellings the grammar reads as tomorrow.
    static let tomorrowWords = "(?:" + TaskNLParser.tomorrowWords.sorted().joined(separator: "|") + ")"

    /// The phrasings the rules understand, first match wins. Each row: a name, a whole-line pattern
    /// (case-insensitive) and what to build from its groups.
    public static let standardRules: [IntentRule] = questionRules + actionRules + lookupRules

    /// Plans, practice, counts, lists, completions, edits, dates, projects and pages.
    static let actionRules: [IntentRule] = [
        // Plans. A part of the day plans its window (PlanWindow), from now when it has begun.
        IntentRule("plan-part", #"(?:plan|schedule|organi[sz]e) (?:my |the |this )?(morning|afternoon|evening|tonight)(?:\b(.*))?"#) { g, c in
            let name = g[0].lowercased() == "tonight" ? "evening" : g[0].lowercased()
            guard let window = PlanWindow.all.first(where: { $0.name == name }) else { return nil }
            return planIntent(g[1], window: window, context: c)
        },
        IntentRule("plan", #"plan(?: my day| today| the day| my time)?(?:\b(.*))?"#) { g, _ in
            planIntent(g[0], defaultMinutes: 240)
        },
        IntentRule("plan-now", #"what (?:should|can|shall) i (?:do|work on)(?: now| next| today| first)?(?:\b(.*))?"#) { g, _ in
            planIntent(g[0], defaultMinutes: 60)
        },
        IntentRule("plan-time", #"i have (.+)"#) { g, _ in
            guard DurationPhrase.first(in: g[0]) != nil else { return nil }
            return planIntent(g[0], defaultMinutes: 60)
        },

        // Practice (IntentRouter+Practice): the weekly review, streaks, templates.
        IntentRule("review", #"(?:let'?s )?(?:(?:start|do) )?(?:my |the |a )?(?:weekly review|review(?: of)?(?: my| the)? week)|(?:let'?s )?(?:(?:start|do) )?(?:my |the |a )review|review"#) { _, _ in
            .review(Review())
        },
        IntentRule("streaks", #"(?:show |what are |how are )?(?:my )?streaks?(?: look(?:ing)?)?"#) { _, _ in .tool(Streaks()) },
        IntentRule("templates", #"(?:show |list )?(?:my |the )?templates"#) { _, _ in .tool(ListTemplates()) },
        IntentRule("apply-template", #"(?:apply |use |start )?(?:the |my |a )?(.+?) template(?: (?:for|on|from|starting(?: on)?) (.+))?"#) { g, context in
            applyTemplate(g[0], date: g[1], context)
        },

        // Questions about counts: answered from list_tasks with a count (before the lists, so
        // "how many are due today" is a count, not a capture). "how many eggs for the cake" stays a task.
        IntentRule("count", #"how many(?: open)?(?: (?:tasks|things|todos|items|(overdue|late) (?:tasks|things)))?(?: (?:do i have|have i got|are there|are|is))?(?: still)?(?: (?:left|open|due|on my list))?(?: (?:for |on )?(today|"# + tomorrowWords + #"|this week|overdue|late))?(?: (?:do i have|have i got))?"#) { g, c in
            count(g[0].isEmpty ? g[1] : g[0], c)
        },
        IntentRule("count-left", #"what(?:'?s| is) (?:still )?left(?: to do)?(?: (?:for |on )?(today|tomorrow|this week))?"#) { g, c in count(g[0], c) },

        // Lists.
        IntentRule("list-today", ask + #"(?:(?:due|on|for|left) )?today(?: tasks)?|what'?s on (?:today|my plate)|agenda|(?:show(?: me)? |list )?today'?s (?:tasks|agenda|list)"#) { _, _ in
            list(.today)
        },
        IntentRule("list-overdue", ask + #"(?:overdue|late)(?: tasks)?"#) { _, _ in list(.overdue) },
        IntentRule("list-tomorrow", ask + #"(?:(?:due|on|for) )?"# + tomorrowWords + #"(?: tasks)?|(?:show(?: me)? |list )?"# + tomorrowWords + #"'?s tasks|what'?s on "# + tomorrowWords) { _, _ in
            list(.tomorrow)
        },
        IntentRule("list-week", ask + #"(?:(?:due|on|for|left) )?this week(?: tasks)?|what'?s coming up(?: this week)?|(?:show(?: me)? |list )?this week'?s tasks"#) { _, c in
            .tool(ListTasks(weekQuery(TaskQuery(filter: .week), c)))
        },
        // "what's on saturday", "anything due this weekend?": the day (or weekend) the grammar reads
        // the words as, as a capture would be due then.
        IntentRule("list-day", #"(?:what'?s |what is |what do i have |what have i got |is there anything |anything |any tasks |show(?: me)? |list )?(?:due |on |for |left )?(?:on )?(next week|(?:(?:this|the|next) )?(?:weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day))(?: tasks)?|(?:what'?s |what is |what do i have |what have i got |is there anything |anything |any tasks )(?:due |on |for )?(?:on )?(.+)"#) { g, c in
            dayList(g[0].isEmpty ? g[1] : g[0], c)
        },
        IntentRule("list-waiting", #"(?:show |list |what'?s |what am i )?waiting(?: for| on)?(?: tasks)?"#) { _, _ in list(.waiting) },
        IntentRule("list-next", #"what'?s next|next|what'?s available|available"#) { _, _ in list(.available, limit: 10) },
        IntentRule("list-context", #"(?:show |list )?(?:tasks )?(?:for |in )?[#@]([\p{L}\p{N}_-]+)"#) { g, _ in
            guard g[0].contains(where: \.isLetter) else { return nil }
            return .tool(ListTasks(TaskQuery(filter: .open, context: g[0].lowercased())))
        },
        IntentRule("list-all", #"(?:list|show(?: me)?|ls)(?: (all|everything|done|open|tasks|my tasks|all tasks|all my tasks|my list))?"#) { g, _ in
            let all = ["all", "everything", "done", "all tasks", "all my tasks"].contains(g[0].lowercased())
            return list(all ? .all : .open)
        },

        // Completing. A verb alone asks which task (TaskPick).
        IntentRule("pick", #"(done|complete|finish|finished|mark done|mark as done|mark complete|tick off|check off|move|reschedule|push|postpone|bump|defer|snooze)"#) { g, _ in
            TaskPick.words[g[0].lowercased()].map(Intent.pickTask)
        },
        IntentRule("complete", #"(?:done|did|finished|completed|check off|tick off|cross off|mark done|mark off|mark complete|mark as done)(?: with)?:? (.+)"#) { g, c in
            // "did I lock the door?", "did you get that" are questions, not "did X".
            let first = g[0].lowercased().split(separator: " ").first.map(String.init) ?? ""
            return ["i", "you", "we", "they", "he", "she", "it", "i've", "u"].contains(first) ? nil : complete(g[0], c)
        },
        IntentRule("mark-done", #"mark (.+?) (?:as )?(?:done|complete|completed|finished)"#) { g, c in complete(g[0], c) },
        IntentRule("tick-off", #"(?:tick|check|cross) (.+?) off(?: (?:the|my) (?:list|todo list|to-do list))?"#) { g, c in complete(g[0], c) },
        IntentRule("complete-id", #"(?:complete|finish|close) #?(\d+)"#) { g, _ in complete(g[0]) },
        IntentRule("complete-suffix", #"(.+?) (?:is )?(?:done|finished|completed)"#) { g, c in
            let id = !g[0].contains(" ") && Int(g[0].trimmingCharacters(in: CharacterSet(charactersIn: "#"))) != nil
            // "the report is done" completes only a task that exists; "12 done" always.
            guard id || known(g[0], c) else { return nil }
            return complete(g[0], c)
        },
        // Weak verbs: "finish line photo for the newsletter" is a task unless such a task exists.
        IntentRule("complete-known", #"(?:complete|finish|close|i (?:just )?(?:finished|completed|did)|i'?ve (?:just )?(?:finished|completed|done)) (.+)"#) { g, c in
            known(g[0], c) ? complete(g[0], c) : nil
        },

        // Edits (IntentRouter+Edits): confirmed before they run; a task that is not found makes the
        // line a capture again ("rename the wifi network" has no " to " and never gets here).
        IntentRule("rename", #"(?:rename|retitle)(?: task)? (.+?) (?:to|as|into) (.+)"#) { g, c in rename(g[0], to: g[1], c) },
        IntentRule("priority", #"make (.+?) (?:an? )?(low|normal|medium|high|top|critical|urgent)[- ]priority|(?:set|change) (?:the )?priority (?:of|for|on) (.+?) to (low|normal|medium|high|top|critical|urgent)"#) { g, c in
            g[0].isEmpty ? prioritise(g[2], g[3], c) : prioritise(g[0], g[1], c)
        },
        IntentRule("add-context", #"(?:add|tag)((?: [#@][\p{L}\p{N}_-]+)+) (?:to|on) (.+)"#) { g, c in addContexts(g[0], to: g[1], c) },
        IntentRule("remove-context", #"(?:remove|untag)((?: [#@][\p{L}\p{N}_-]+)+) from (.+)"#) { g, c in removeContexts(g[0], from: g[1], c) },
        IntentRule("stage", #"(?:move|put|send)(?: task)? (.+?) (?:to|in|into|on) (?:the )?(someday/maybe|someday maybe|someday|backlog|next|doing|waiting)(?: list| stage| pile)?"#) { g, c in
            stage(g[0], g[1], c)
        },
        IntentRule("delete", #"(?:delete|remove|trash)(?: task)? (.+?)( (?:with|and) (?:its |all )?(?:subtasks|children))?"#) { g, c in
            delete(g[0], withSubtasks: !g[1].isEmpty, c)
        },

        // Dates. The title may itself hold "to" ("move call to bob to friday"): split at the first
        // connector whose right-hand side reads as a date. Strong verbs (reschedule, defer, snooze,
        // postpone) name a task even when none matches (the chat then offers the line as a capture);
        // weak ones (move, push, bump, change, park, hide) only when the task exists.
        IntentRule("postpone-until", #"postpone(?: task)? (.+)"#) { g, c in
            guard let (title, date) = splitAtDate(g[0], c, connectors: [" until ", " till ", " til "]) else { return nil }
            return .tool(DeferTask(target: reference(title, c), until: date))
        },
        IntentRule("defer", #"(?:defer|snooze)(?: task)? (.+)"#) { g, c in
            guard let (title, date) = splitAtDate(g[0], c, bare: true) else { return nil }
            return .tool(DeferTask(target: reference(title, c), until: date))
        },
        IntentRule("defer-known", #"(?:hide|park|shelve)(?: task)? (.+)"#) { g, c in
            guard let (title, date) = splitAtDate(g[0], c), known(title, c) else { return nil }
            return .tool(DeferTask(target: reference(title, c), until: date))
        },
        IntentRule("reschedule-date-of", #"(?:change|move|set|push) the (?:due )?date (?:of|for|on) (.+)"#) { g, c in
            guard let (title, date) = splitAtDate(g[0], c) else { return nil }
            return .tool(RescheduleTask(target: reference(title, c), due: date))
        },
        IntentRule("reschedule", #"(?:reschedule|postpone)(?: task)? (.+)"#) { g, c in
            guard let (title, date) = splitAtDate(g[0], c, dropping: [" back", " out"], bare: true) else { return nil }
            return .tool(RescheduleTask(target: reference(title, c), due: date))
        },
        IntentRule("reschedule-known", #"(?:move|push|shift|bump|change|slide)(?: task)? (.+)"#) { g, c in
            guard let (title, date) = splitAtDate(g[0], c, dropping: [" back", " out", " forward", " up", "'s date", "'s due date"]),
                known(title, c)
            else { return nil }
            return .tool(RescheduleTask(target: reference(title, c), due: date))
        },

        // Projects and pages.
        // "add project plan to the wiki" and "start project report" are tasks, not commands.
        IntentRule("new-project", #"(?:new|create|make)(?: a)?(?: new)? project:?(?: (.+))?|(?:add|start)(?: a)?(?: new)? project: (.+)"#) { g, _ in
            newProject(g[0].isEmpty ? g[1] : g[0])
        },
        IntentRule("projects", #"(?:show |list |my )?projects"#) { _, _ in .tool(ListProjects()) },
        IntentRule("places", #"(?:show |list )?(?:my |the )?places"#) { _, _ in .tool(ListPlaces()) },
        // "new place supermarket at 52.52, 13.405 radius 150 m": a name, then two numbers.
        IntentRule("new-place", #"(?:new|create|add)(?: a)? place:? (.+?) at (-?\d{1,3}(?:\.\d+)?),? (-?\d{1,3}(?:\.\d+)?)(?:,? (?:radius|within) (\d+(?:\.\d+)?) ?(?:m|metres|meters)?)?"#) { g, _ in
            guard let latitude = Double(g[1]), let longitude = Double(g[2]) else { return nil }
            return .tool(CreatePlace(name: g[0], center: GeoPoint(latitude: latitude, longitude: longitude),
                                     radius: Double(g[3]) ?? CreatePlace.defaultRadius))
        },
        IntentRule("note", #"(?:note|add note|append) (?:to|for|on) (.+?): (.+)"#) { g, _ in
            // "note to self: buy milk" is a capture.
            ["self", "me", "myself"].contains(g[0].lowercased()) ? nil : .note(page: g[0], markdown: g[1])
        },
        IntentRule("new-page", #"(?:new|create|add) page:? (.+?)(?: in (.+))?"#) { g, _ in
            .tool(CreatePage(title: g[0], space: g[1].isEmpty ? nil : g[1]))
        },
        IntentRule("pages", #"(?:show |list |my )?pages"#) { _, _ in .tool(ListPages()) },
        IntentRule("read-page", #"(?:read|open|show) page:? (.+)"#) { g, _ in
            .tool(ReadPage(page: .title(g[0])))
        },
        // Only with "pages"/"notes" or a colon: "find a plumber for the leak" is a task.
        IntentRule("search", #"(?:search|find)(?: in)?(?: my)? (?:pages|notes)(?: for)?:? (.+)|(?:search|find): ?(.+)"#) { g, _ in
            .tool(SearchPages(query: g[0].isEmpty ? g[1] : g[0]))
        },
    ]

    /// Splits "TITLE to DATE" at the first connector (to, till, til, until, for, on) whose right-hand
    /// side is a date; `dropping` trims words such as " back" off the title ("push X back to friday").
    /// With `bare`, a date may also follow the title with no connector ("snooze taxes monday"),
    /// cut at the first space whose right-hand side is a date.
    static func splitAtDate(
        _ text: String, _ context: IntentContext, dropping: [String] = [], bare: Bool = false,
        connectors: [String] = [" to ", " till ", " til ", " until ", " for ", " on ", " by "]
    ) -> (String, String)? {
        let lower = text.lowercased()
        var cuts: [(Range<String.Index>)] = []
        for connector in connectors + (bare ? [" "] : []) {
            var from = lower.startIndex
            while let r = lower.range(of: connector, range: from..<lower.endIndex) {
                cuts.append(r)
                from = r.upperBound
            }
        }
        for cut in cuts.sorted(by: { ($0.lowerBound, $1.upperBound) < ($1.lowerBound, $0.upperBound) }) {
            let date = String(text[cut.upperBound...]).trimmingCharacters(in: .whitespaces)
            guard context.isDate(date) else { continue }
            var title = String(text[..<cut.lowerBound]).trimmingCharacters(in: .whitespaces)
            for suffix in dropping where title.lowercased().hasSuffix(suffix) { title.removeLast(suffix.count) }
            guard !title.isEmpty else { continue }
            return (title, date)
        }
        return nil
    }

    /// Whether a weak verb's words name a task: an id always does, a title when the context knows it
    /// (as typed, or without a leading "the"/"my").
    static func known(_ words: String, _ context: IntentContext) -> Bool {
        switch TaskPhrase.parse(words) {
        case .titled(let title): return context.isOpenTask(title)
        case .focus: return context.hasFocus()
        case .some: return true
        case nil: break
        }
        switch TaskReference(words) {
        case .id: return true
        case .title(let title): return !title.isEmpty && context.isOpenTask(taskWords(title, context))
        }
    }

    /// The words naming a task: as typed, unless only the form without a leading "the " or "my "
    /// names an open task ("finish the taxes" with a task "Taxes").
    static func taskWords(_ words: String, _ context: IntentContext) -> String {
        let trimmed = words.trimmingCharacters(in: .whitespaces)
        for article in ["the ", "my ", "our "] where trimmed.lowercased().hasPrefix(article) {
            let rest = String(trimmed.dropFirst(article.count))
            if !rest.isEmpty, !context.isOpenTask(trimmed), context.isOpenTask(rest) { return rest }
        }
        return trimmed
    }

    /// The reference for a task named by `words` (see `taskWords`).
    static func reference(_ words: String, _ context: IntentContext) -> TaskReference {
        TaskReference(taskWords(words, context))
    }

    /// A count of the open tasks, or of those a word names (today, tomorrow, this week, overdue or late): all of
    /// them (up to list_tasks' maximum), so the count is not cut at the default page.
    private static func count(_ word: String, _ context: IntentContext) -> Intent {
        let filter: TaskQuery.Filter
        switch word.lowercased() {
        case "today": filter = .today
        case let word where TaskNLParser.tomorrowWords.contains(word): filter = .tomorrow
        case "this week": filter = .week
        case "overdue", "late": filter = .overdue
        default: filter = .open
        }
        return .count(ListTasks(weekQuery(TaskQuery(filter: filter, limit: 1_000), context)))
    }

    private static func list(_ filter: TaskQuery.Filter, limit: Int? = nil) -> Intent {
        .tool(ListTasks(TaskQuery(filter: filter, limit: limit)))
    }

    private static func complete(_ text: String, _ context: IntentContext? = nil) -> Intent? {
        let reference = context.map { Self.reference(text, $0) } ?? TaskReference(text)
        if case .title(let title) = reference, title.isEmpty { return nil }
        return .tool(CompleteTask(target: reference))
    }

    /// plan_day from the words after "plan …": a budget ("3 hours", "90 min", "an hour") and an
    /// energy ("quick", "focused", "deep"). Words it does not know make it not a plan (nil).
    static func planIntent(_ rest: String, defaultMinutes: Int) -> Intent? {
        guard let (budget, energy) = planWords(rest) else { return nil }
        return .tool(PlanDay(budgetMinutes: budget ?? defaultMinutes, energy: energy))
    }

    /// plan_day for a part of the day: the window's day and start, its minutes unless a budget is given.
    static func planIntent(_ rest: String, window: PlanWindow, context: IntentContext) -> Intent? {
        guard let (budget, energy) = planWords(rest) else { return nil }
        let (day, start, minutes) = window.resolve(now: context.now(), timeZone: context.timeZone)
        return .tool(PlanDay(
            budgetMinutes: min(1440, budget ?? minutes), energy: energy, date: day.description,
            start: start.map { ISODate.format($0, in: context.timeZone) }))
    }

    /// The budget and energy named by the words after a plan phrase; nil when other words remain.
    static func planWords(_ rest: String) -> (budget: Int?, energy: Energy?)? {
        var words = rest.lowercased()
        var energy: String?
        for (word, value) in energyWords where words.range(of: #"\b"# + word + #"\b"#, options: .regularExpression) != nil {
            energy = energy ?? value
            words = words.replacingOccurrences(of: #"\b"# + word + #"\b"#, with: " ", options: .regularExpression)
        }
        let budget = DurationPhrase.first(in: words)
        if let budget { words.removeSubrange(budget.range) }
        let filler = Set(["", "for", "with", "i", "have", "got", "and", "of", "time", "a", "mode", "energy", "work",
                          "please", "my", "day", "today", "now", "next", "the", "left", "only", "about", "in", "m", "im", "am", "so", "but", "feeling", "really", "very"])
        let leftover = words.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { !filler.contains($0) }
        guard leftover.isEmpty else { return nil }
        return (budget?.minutes, energy.flatMap(Energy.init(rawValue:)))
    }

    static let energyWords: [(String, String)] = [
        ("quick", "quick"), ("low energy", "quick"), ("tired", "quick"), ("focused", "focused"), ("focus", "focused"),
        ("deep work", "deep"), ("deep", "deep"),
    ]
}
