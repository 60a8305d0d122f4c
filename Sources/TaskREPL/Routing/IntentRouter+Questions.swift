import Foundation
import TaskCore
import TaskNL
import TaskToolkit

/// The router's rows for questions about the user's tasks, tried before the others: what was done
/// in a period (`what did I finish today`, `done this week`, `finished since monday`) and a task
/// named by a phrase (`what's my upcoming reminder`, `what's the todo item I made yesterday`).
extension IntentRouter {
    static let period = #"(today|yesterday|this week|last week|(?:since|from) (?:last )?[a-z0-9 -]+)"#

    static let questionRules: [IntentRule] = [
        IntentRule("list-done", #"(?:what|which(?: tasks| ones)?|what tasks|what things)(?: have| did| had)? i (?:already |actually )?(?:finish|finished|complete|completed|do|done|did|get done|got done|tick off|ticked off|check off|checked off)(?: so far)? ?"# + period + "?") { g, c in
            listDone(g[0].isEmpty ? "today" : g[0], c)
        },
        IntentRule("list-done-period", #"(?:show(?: me)? |list )?(?:what'?s |what was |everything |tasks |things |my )?(?:done|finished|completed)(?: tasks)? "# + period) { g, c in
            listDone(g[0], c)
        },
        IntentRule("list-done-all", #"(?:show(?: me)? |list )(?:my )?(?:done|finished|completed) tasks|(?:my )?(?:done|finished|completed) tasks"#) { _, c in
            listDone("this week", c)
        },
        IntentRule("show-phrase", #"(?:what(?:'?s| is| was| are| were)|which(?:'?s| is)|show(?: me)?|when(?:'?s| is)) (.+)"#) { g, _ in
            // "what is it" / "what's that" alone are not about a task.
            TaskPhrase.parse(g[0]) == nil || ["it", "that", "this"].contains(g[0].lowercased()) ? nil : .show(g[0])
        },
    ]

    /// list_tasks over the completion history of a period; nil when "since …" names no day.
    static func listDone(_ period: String, _ context: IntentContext) -> Intent? {
        let lower = period.lowercased()
        if lower.hasPrefix("since ") || lower.hasPrefix("from ") {
            let day = lower.split(separator: " ", maxSplits: 1).last.map(String.init) ?? ""
            let weekday = #"^(?:last )?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?$"#
            guard day.range(of: weekday, options: .regularExpression) != nil || context.isDate(day) else { return nil }
            return .tool(ListTasks(TaskQuery(filter: .all, limit: 200), done: "since " + day))
        }
        return .tool(ListTasks(TaskQuery(filter: .all, limit: 200), done: lower))
    }

    /// The open tasks due on the day `words` name, or over the weekend they name (Saturday, or today
    /// on a Sunday, to Monday), or next week (Monday to Sunday); nil unless the grammar reads the words whole as a date (its whole day).
    static func dayList(_ words: String, _ context: IntentContext) -> Intent? {
        let lower = words.lowercased()
        var query = TaskQuery(filter: .open)
        if lower == "next week" {
            let monday = LocalDate(context.now(), in: context.timeZone).mondayOfWeek.adding(days: 7)
            query.dueFrom = monday.startOfDay(in: context.timeZone)
            query.dueBefore = monday.adding(days: 7).startOfDay(in: context.timeZone)
            return .tool(ListTasks(query))
        }
        // decision: weeks, months and years are periods, not a day (`what's on next week` is no Monday).
        let words = Set(lower.split(separator: " ").map(String.init))
        guard words.isDisjoint(with: ["week", "weeks", "month", "months", "year", "years", "now", "ago"]) else { return nil }
        let draft = TaskNLParser().parse(lower, now: context.now(), timeZone: context.timeZone).draft
        // The whole phrase is a date when the title keeps it whole (nothing else was said).
        guard let due = draft.due, draft.title.lowercased() == lower, draft.recurrence == nil else { return nil }
        let day = LocalDate(due, in: context.timeZone)
        var end = day.adding(days: 1)
        if lower.contains("weekend") { while end.weekday != .mon { end = end.adding(days: 1) } }
        query.dueFrom = day.startOfDay(in: context.timeZone)
        query.dueBefore = end.startOfDay(in: context.timeZone)
        return .tool(ListTasks(query))
    }

    /// "this week" on a Saturday or Sunday: fewer than two days are left, so it runs to the end of
    /// next week's Sunday (the chat says so).
    static func weekQuery(_ query: TaskQuery, _ context: IntentContext) -> TaskQuery {
        var query = query
        guard query.filter == .week else { return query }
        let today = LocalDate(context.now(), in: context.timeZone)
        if today.weekday >= .sat { query.dueBefore = today.mondayOfWeek.adding(days: 14).startOfDay(in: context.timeZone) }
        return query
    }
}
