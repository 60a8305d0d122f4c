import Foundation
import TaskCore

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
            guard minutes(in: g[0]) != nil else { return nil }
            return planIntent(g[0], defaultMinutes: 60)
        },

        // Lists.
        IntentRule("list-today", #"(?:what'?s |what is |show |list )?(?:(?:due|on|for) )?today|what'?s on (?:today|my plate)|agenda"#) { _, _ in
            list("today")
        },
        IntentRule("list-overdue", #"(?:what'?s |what is |show |list )?(?:overdue|late)(?: tasks)?"#) { _, _ in list("overdue") },
        IntentRule("list-waiting", #"(?:show |list |what'?s |what am i )?waiting(?: for| on)?(?: tasks)?"#) { _, _ in list("waiting") },
        IntentRule("list-next", #"what'?s next|next|what'?s available|available"#) { _, _ in list("available", limit: 10) },
        IntentRule("list-context", #"(?:show |list )?(?:tasks )?(?:for |in )?[#@]([\p{L}\p{N}_-]+)"#) { g, _ in
            guard g[0].contains(where: \.isLetter) else { return nil }
            return .tool(name: "list_tasks", arguments: ["filter": "open", "context": .string(g[0].lowercased())])
        },
        IntentRule("list-all", #"(?:list|show|ls)(?: (all|everything|done|open|tasks|my tasks|all tasks))?"#) { g, _ in
            let all = ["all", "everything", "done", "all tasks"].contains(g[0].lowercased())
            return list(all ? "all" : "open")
        },

        // Completing.
        IntentRule("complete", #"(?:done|did|finished|completed|check off|tick off|mark done)(?: with)?:? (.+)"#) { g, _ in
            task("complete_task", g[0])
        },
        IntentRule("complete-id", #"(?:complete|finish|close) #?(\d+)"#) { g, _ in task("complete_task", g[0]) },
        IntentRule("complete-suffix", #"(.+?) (?:is )?(?:done|finished|completed)"#) { g, _ in
            guard !g[0].contains(" "), Int(g[0].trimmingCharacters(in: CharacterSet(charactersIn: "#"))) != nil else { return nil }
            return task("complete_task", g[0])
        },

        // Dates.
        IntentRule("defer", #"(?:defer|snooze|hide|park)(?: task)? (.+?) (?:to|till|til|until|for) (.+)"#) { g, c in
            guard c.isDate(g[1]) else { return nil }
            var args = TaskReference(g[0]).arguments
            args["until"] = .string(g[1])
            return .tool(name: "defer_task", arguments: .object(args))
        },
        IntentRule("reschedule", #"(?:move|reschedule|push|postpone|shift|bump)(?: task)? (.+?)(?: back| out)? (?:to|till|til|until|for|on) (.+)"#) { g, c in
            guard c.isDate(g[1]) else { return nil }
            var args = TaskReference(g[0]).arguments
            args["due"] = .string(g[1])
            return .tool(name: "reschedule_task", arguments: .object(args))
        },

        // Projects and pages.
        IntentRule("new-project", #"(?:new|create|add|start)(?: a)? project:? (.+)"#) { g, _ in
            .tool(name: "create_project", arguments: ["name": .string(g[0])])
        },
        IntentRule("projects", #"(?:show |list |my )?projects"#) { _, _ in .tool(name: "list_projects", arguments: [:]) },
        IntentRule("note", #"(?:note|add note|append) (?:to|for|on) (.+?): (.+)"#) { g, _ in
            .note(page: g[0], markdown: g[1])
        },
        IntentRule("new-page", #"(?:new|create|add) page:? (.+?)(?: in (.+))?"#) { g, _ in
            var args: [String: JSONValue] = ["title": .string(g[0])]
            if !g[1].isEmpty { args["space"] = .string(g[1]) }
            return .tool(name: "create_page", arguments: .object(args))
        },
        IntentRule("pages", #"(?:show |list |my )?pages"#) { _, _ in .tool(name: "list_pages", arguments: [:]) },
        IntentRule("read-page", #"(?:read|open|show) page:? (.+)"#) { g, _ in
            .tool(name: "read_page", arguments: ["page": .string(g[0])])
        },
        IntentRule("search", #"(?:search|find)(?: pages| notes)?(?: for)?:? (.+)"#) { g, _ in
            .tool(name: "search_pages", arguments: ["query": .string(g[0])])
        },
    ]

    private static func list(_ filter: String, limit: Int? = nil) -> Intent {
        var args: [String: JSONValue] = ["filter": .string(filter)]
        if let limit { args["limit"] = .int(limit) }
        return .tool(name: "list_tasks", arguments: .object(args))
    }

    private static func task(_ tool: String, _ text: String) -> Intent? {
        let reference = TaskReference(text)
        if case .title(let title) = reference, title.isEmpty { return nil }
        return .tool(name: tool, arguments: .object(reference.arguments))
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
        let budget = minutes(in: words)
        if let range = durationRange(in: words) { words.removeSubrange(range) }
        let filler = Set(["", "for", "with", "i", "have", "got", "and", "of", "time", "a", "mode", "energy", "work",
                          "please", "my", "day", "today", "now", "next", "the", "left", "only", "about", "in", "m", "im", "am", "so", "but", "feeling", "really", "very"])
        let leftover = words.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { !filler.contains($0) }
        guard leftover.isEmpty else { return nil }
        var args: [String: JSONValue] = ["budget_minutes": .int(budget ?? defaultMinutes)]
        if let energy { args["energy"] = .string(energy) }
        return .tool(name: "plan_day", arguments: .object(args))
    }

    static let energyWords: [(String, String)] = [
        ("quick", "quick"), ("low energy", "quick"), ("tired", "quick"), ("focused", "focused"), ("focus", "focused"),
        ("deep work", "deep"), ("deep", "deep"),
    ]

    private static let durationPattern =
        #"(\d+(?:\.\d+)?|half an?|an?)\s*(hours?|hrs?|h|minutes?|mins?|m)\b"#

    private static let durationRegex = try? NSRegularExpression(pattern: durationPattern, options: [.caseInsensitive])

    private static func durationRange(in text: String) -> Range<String.Index>? {
        guard let m = durationRegex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return Range(m.range, in: text)
    }

    /// The first duration in `text`, in minutes: "3 hours" 180, "90 min" 90, "1.5h" 90, "an hour" 60.
    static func minutes(in text: String) -> Int? {
        guard let m = durationRegex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let numberRange = Range(m.range(at: 1), in: text), let unitRange = Range(m.range(at: 2), in: text)
        else { return nil }
        let numberText = text[numberRange].lowercased()
        let amount: Double
        if let n = Double(numberText) { amount = n } else if numberText.hasPrefix("half") { amount = 0.5 } else { amount = 1 }
        let isHours = text[unitRange].lowercased().hasPrefix("h")
        let value = Int((isHours ? amount * 60 : amount).rounded())
        return value > 0 ? value : nil
    }
}
