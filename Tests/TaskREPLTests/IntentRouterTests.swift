import Foundation
import TaskCore
import Testing
@testable import TaskREPL

/// A stand-in for the grammar's parseDate: phrases made only of date-ish words.
let testDateWords: Set<String> = ["today", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                                  "sunday", "next", "week", "3pm", "5pm", "jun", "1", "noon"]
/// Open tasks the test router knows (the weak verbs "move", "push" act only on a task that exists).
let testOpenTitles = ["dentist", "call to bob", "write the report", "call mom"]
let testRouter = IntentRouter(context: IntentContext(isDate: { phrase in
    let words = phrase.lowercased().split(separator: " ").map(String.init)
    return !words.isEmpty && words.allSatisfy { testDateWords.contains($0) }
}, isOpenTask: { words in testOpenTitles.contains { $0.contains(words.lowercased()) } }))

@Suite struct IntentRouterTests {
    @Test(arguments: [
        ("plan my day, 3 hours, focused", 180, "focused"),
        ("plan my day", 240, nil),
        ("Plan my day 90 min quick", 90, "quick"),
        ("plan 90 min quick", 90, "quick"),
        ("plan 1.5h deep work", 90, "deep"),
        ("plan an hour", 60, nil),
        ("what should I do now?", 60, nil),
        ("what should i do now, i'm tired", 60, "quick"),
        ("i have 45 minutes", 45, nil),
        ("plan my day for 2 hours with focus", 120, "focused"),
        ("plan 1h30", 90, nil),
        ("plan 45m", 45, nil),
        ("i have two hours", 120, nil),
        ("i have half an hour", 30, nil),
        ("plan my day, i am tired", 240, "quick"),
    ] as [(String, Int, String?)])
    func plans(line: String, minutes: Int, energy: String?) {
        var args: [String: JSONValue] = ["budget_minutes": .int(minutes)]
        if let energy { args["energy"] = .string(energy) }
        #expect(testRouter.route(line) == .tool(name: "plan_day", arguments: .object(args)))
    }

    @Test(arguments: [
        ("what's due today", "today"), ("today", "today"), ("What’s due today?", "today"), ("due today", "today"),
        ("what's due tomorrow", "tomorrow"), ("tomorrow", "tomorrow"), ("show tomorrow", "tomorrow"), ("tomorrow's tasks", "tomorrow"),
        ("what's on tomorrow", "tomorrow"),
        ("overdue", "overdue"), ("what's overdue", "overdue"), ("show overdue", "overdue"),
        ("show waiting", "waiting"), ("waiting for", "waiting"),
        ("list", "open"), ("list all", "all"), ("show everything", "all"),
    ])
    func lists(line: String, filter: String) {
        #expect(testRouter.route(line) == .tool(name: "list_tasks", arguments: ["filter": .string(filter)]))
    }

    /// A task for tomorrow is still a task, not a question about tomorrow.
    @Test(arguments: ["call mom tomorrow", "tomorrow call mom", "pay rent due tomorrow"])
    func aTaskForTomorrowIsNotAList(line: String) {
        #expect(testRouter.route(line) != .tool(name: "list_tasks", arguments: ["filter": "tomorrow"]))
    }

    @Test func whatsNextListsAvailable() {
        #expect(testRouter.route("what's next") == .tool(name: "list_tasks", arguments: ["filter": "available", "limit": 10]))
    }

    @Test(arguments: ["list #errands", "#errands", "show @Errands", "tasks for #errands"])
    func contextLists(line: String) {
        #expect(testRouter.route(line) == .tool(name: "list_tasks", arguments: ["filter": "open", "context": "errands"]))
    }

    @Test(arguments: [
        ("done call mom", ["title": "call mom"]), ("finished 12", ["id": 12]), ("complete 12", ["id": 12]),
        ("done #7", ["id": 7]), ("completed: the taxes", ["title": "the taxes"]), ("12 done", ["id": 12]),
        ("did buy milk", ["title": "buy milk"]),
    ] as [(String, JSONValue)])
    func completes(line: String, arguments: JSONValue) {
        #expect(testRouter.route(line) == .tool(name: "complete_task", arguments: arguments))
    }

    @Test func reschedule() {
        #expect(testRouter.route("move dentist to friday 3pm") ==
            .tool(name: "reschedule_task", arguments: ["title": "dentist", "due": "friday 3pm"]))
        #expect(testRouter.route("push 4 to tomorrow") == .tool(name: "reschedule_task", arguments: ["id": 4, "due": "tomorrow"]))
        #expect(testRouter.route("postpone call bob to next week") ==
            .tool(name: "reschedule_task", arguments: ["title": "call bob", "due": "next week"]))
        // The title may hold a connector itself: split where the rest reads as a date.
        #expect(testRouter.route("move call to bob to friday") ==
            .tool(name: "reschedule_task", arguments: ["title": "call to bob", "due": "friday"]))
        #expect(testRouter.route("push the report back to monday") ==
            .tool(name: "reschedule_task", arguments: ["title": "the report", "due": "monday"]))
        #expect(testRouter.route("move dentist on friday") == .tool(name: "reschedule_task", arguments: ["title": "dentist", "due": "friday"]))
    }

    @Test func deferTo() {
        #expect(testRouter.route("defer taxes to monday") == .tool(name: "defer_task", arguments: ["title": "taxes", "until": "monday"]))
        #expect(testRouter.route("snooze 3 until next week") == .tool(name: "defer_task", arguments: ["id": 3, "until": "next week"]))
    }

    @Test func projectsAndPages() {
        #expect(testRouter.route("new project Kitchen") == .newProject("Kitchen"))
        #expect(testRouter.route("projects") == .tool(name: "list_projects", arguments: [:]))
        #expect(testRouter.route("note to Kitchen: buy tiles") == .note(page: "Kitchen", markdown: "buy tiles"))
        #expect(testRouter.route("new page Ideas in Personal") == .tool(name: "create_page", arguments: ["title": "Ideas", "space": "Personal"]))
        #expect(testRouter.route("search pages for tiles") == .tool(name: "search_pages", arguments: ["query": "tiles"]))
        #expect(testRouter.route("find: grout") == .tool(name: "search_pages", arguments: ["query": "grout"]))
        #expect(testRouter.route("create project Garden") == .newProject("Garden"))
        #expect(testRouter.route("create project in /Volumes/DataArchive") == .newProject(nil))
        #expect(testRouter.route("add project: Garden") == .newProject("Garden"))
    }

    @Test(arguments: [
        "call mom tomorrow 5pm #family",
        "move the couch to the garage",        // not a date: a capture
        "defer the decision to the board",
        "plan the party for saturday",          // words a plan does not know
        "buy milk",
        "finish the report by friday",
        "today I need to call the bank",
        "list groceries for the party",
        "what should I cook for dinner",
        "donate old clothes",
        "#123",
        "find a plumber for the leak",          // a task, not a search
        "search for a new flat",
        "note to self: buy milk",               // a capture, not a page called "self"
        "add project plan to the wiki",         // a task, not a project
        "start project report",
    ])
    func capturesEverythingElse(line: String) {
        #expect(testRouter.route(line) == .capture(line))
        #expect(!testRouter.route(line).isConfident)
    }

    @Test func everyRuleHasAValidPattern() {
        for rule in IntentRouter.standardRules { #expect(rule.pattern != nil, "rule \(rule.name)") }
    }
}
