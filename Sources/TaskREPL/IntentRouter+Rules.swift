import Foundation
import TaskCore
import TaskNL
import TaskToolkit

extension IntentRouter {
    /// The phrasings the rules understand, first match wins. Each row: a name, a whole-line pattern
    /// (case-insensitive) and what to build from its groups.
    public static let standardRules: [IntentRule] = [
        // Plans.
        IntentRule("plan", #"(?:plan|plan my day|plan my morning|plan my afternoon|plan today|plan the day|plan my time)(?:\b(.*))?"#) { g, _ in
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

        // Lists.
        IntentRule("list-today", #"(?:what'?s |what is |show |list )?(?:(?:due|on|for) )?today|what'?s on (?:today|my plate)|agenda"#) { _, _ in
            list(.today)
        },
        IntentRule("list-overdue", #"(?:what'?s |what is |show |list )?(?:overdue|late)(?: tasks)?"#) { _, _ in list(.overdue) },
        IntentRule("list-waiting", #"(?:show |list |what'?s |what am i )?waiting(?: for| on)?(?: tasks)?"#) { _, _ in list(.waiting) },
        IntentRule("list-next", #"what'?s next|next|what'?s available|available"#) { _, _ in list(.available, limit: 10) },
        IntentRule("list-context", #"(?:show |list )?(?:tasks )?(?:for |in )?[#@]([\p{L}\p{N}_-]+)"#) { g, _ in
            guard g[0].contains(where: \.isLetter) else { return nil }
            return .tool(ListTasks(TaskQuery(filter: .open, context: g[0].lowercased())))
        },
        IntentRule("list-all", #"(?:list|show|ls)(?: (all|everything|done|open|tasks|my tasks|all tasks))?"#) { g, _ in
            let all = ["all", "everything", "done", "all tasks"].contains(g[0].lowercased())
            return list(all ? .all : .open)
        },

        // Completing.
        IntentRule("complete", #"(?:done|did|finished|completed|check off|tick off|mark done)(?: with)?:? (.+)"#) { g, _ in
            complete(g[0])
        },
        IntentRule("complete-id", #"(?:complete|finish|close) #?(\d+)"#) { g, _ in complete(g[0]) },
        IntentRule("complete-suffix", #"(.+?) (?:is )?(?:done|finished|completed)"#) { g, _ in
            guard !g[0].contains(" "), Int(g[0].trimmingCharacters(in: CharacterSet(charactersIn: "#"))) != nil else { return nil }
            return complete(g[0])
        },

        // Edits (IntentRouter+Edits): confirmed before they run; a task that is not found makes the
        // line a capture again ("rename the wifi network" has no " to " and never gets here).
        IntentRule("rename", #"(?:rename|retitle)(?: task)? (.+?) (?:to|as|into) (.+)"#) { g, _ in rename(g[0], to: g[1]) },
        IntentRule("priority", #"make (.+?) (?:an? )?(low|normal|medium|high|top|critical|urgent)[- ]priority|(?:set|change) (?:the )?priority (?:of|for|on) (.+?) to (low|normal|medium|high|top|critical|urgent)"#) { g, _ in
            g[0].isEmpty ? prioritise(g[2], g[3]) : prioritise(g[0], g[1])
        },
        IntentRule("add-context", #"(?:add|tag)((?: [#@][\p{L}\p{N}_-]+)+) (?:to|on) (.+)"#) { g, _ in addContexts(g[0], to: g[1]) },
        IntentRule("remove-context", #"(?:remove|untag)((?: [#@][\p{L}\p{N}_-]+)+) from (.+)"#) { g, _ in removeContexts(g[0], from: g[1]) },
        IntentRule("stage", #"(?:move|put|send)(?: task)? (.+?) (?:to|in|into|on) (?:the )?(someday/maybe|someday maybe|someday|backlog|next|doing|waiting)(?: list| stage| pile)?"#) { g, _ in
            stage(g[0], g[1])
        },
        IntentRule("delete", #"(?:delete|remove|trash)(?: task)? (.+?)( (?:with|and) (?:its |all )?(?:subtasks|children))?"#) { g, _ in
            delete(g[0], withSubtasks: !g[1].isEmpty)
        },

        // Dates. The title may itself hold "to" ("move call to bob to friday"): split at the first
        // connector whose right-hand side reads as a date.
        IntentRule("defer", #"(?:defer|snooze|hide|park)(?: task)? (.+)"#) { g, c in
            guard let (title, date) = splitAtDate(g[0], c) else { return nil }
            return .tool(DeferTask(target: TaskReference(title), until: date))
        },
        IntentRule("reschedule", #"(?:move|reschedule|push|postpone|shift|bump)(?: task)? (.+)"#) { g, c in
            guard let (title, date) = splitAtDate(g[0], c, dropping: [" back", " out"]) else { return nil }
            return .tool(RescheduleTask(target: TaskReference(title), due: date))
        },

        // Projects and pages.
        // "add project plan to the wiki" and "start project report" are tasks, not commands.
        IntentRule("new-project", #"(?:new|create)(?: a)?(?: new)? project:? (.+)|(?:add|start)(?: a)?(?: new)? project: (.+)"#) { g, _ in
            .tool(CreateProject(name: g[0].isEmpty ? g[1] : g[0]))
        },
        IntentRule("projects", #"(?:show |list |my )?projects"#) { _, _ in .tool(ListProjects()) },
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
    static func splitAtDate(_ text: String, _ context: IntentContext, dropping: [String] = []) -> (String, String)? {
        let connectors = [" to ", " till ", " til ", " until ", " for ", " on "]
        let lower = text.lowercased()
        var cuts: [(Range<String.Index>)] = []
        for connector in connectors {
            var from = lower.startIndex
            while let r = lower.range(of: connector, range: from..<lower.endIndex) {
                cuts.append(r)
                from = r.upperBound
            }
        }
        for cut in cuts.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let date = String(text[cut.upperBound...]).trimmingCharacters(in: .whitespaces)
            guard context.isDate(date) else { continue }
            var title = String(text[..<cut.lowerBound]).trimmingCharacters(in: .whitespaces)
            for suffix in dropping where title.lowercased().hasSuffix(suffix) { title.removeLast(suffix.count) }
            guard !title.isEmpty else { continue }
            return (title, date)
        }
        return nil
    }

    private static func list(_ filter: TaskQuery.Filter, limit: Int? = nil) -> Intent {
        .tool(ListTasks(TaskQuery(filter: filter, limit: limit)))
    }

    private static func complete(_ text: String) -> Intent? {
        let reference = TaskReference(text)
        if case .title(let title) = reference, title.isEmpty { return nil }
        return .tool(CompleteTask(target: reference))
    }

    /// plan_day from the words after "plan …": a budget ("3 hours", "90 min", "an hour") and an
    /// energy ("quick", "focused", "deep"). Words it does not know make it not a plan (nil).
    static func planIntent(_ rest: String, defaultMinutes: Int) -> Intent? {
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
        return .tool(PlanDay(budgetMinutes: budget?.minutes ?? defaultMinutes, energy: energy.flatMap(Energy.init(rawValue:))))
    }

    static let energyWords: [(String, String)] = [
        ("quick", "quick"), ("low energy", "quick"), ("tired", "quick"), ("focused", "focused"), ("focus", "focused"),
        ("deep work", "deep"), ("deep", "deep"),
    ]
}
