import Testing
@testable import TaskREPL

@Suite struct CompleterTests {
    let completer = Completer(commands: ChatSession.commands, toolNames: ["list_tasks", "list_projects", "plan_day"])
    let words = CompletionWords(projects: ["Kitchen", "Taxes"], titles: ["Call mom", "Call Bob", "Dentist"], contexts: ["family", "errands"])

    @Test func slashCommands() {
        #expect(completer.complete("/", words: { words }).candidates.count == ChatSession.commands.count)
        #expect(completer.complete("/pl", words: { words }).candidates == ["/plan"])
        #expect(completer.complete("/list to", words: { words }).candidates == ["today", "tomorrow"])
        #expect(completer.complete("/list tom", words: { words }).candidates == ["tomorrow"])
        #expect(completer.complete("/list Ki", words: { words }).candidates == ["Kitchen"])
        #expect(completer.complete("/plan 90 fo", words: { words }) == (9, ["focused"]))
        #expect(completer.complete("/tools list_", words: { words }).candidates == ["list_tasks", "list_projects"])
    }

    @Test func titlesProjectsAndContexts() {
        #expect(completer.complete("move cal", words: { words }) == (5, ["Call mom", "Call Bob"]))
        #expect(completer.complete("note to k", words: { words }) == (8, ["Kitchen"]))
        #expect(completer.complete("pick up stamps @er", words: { words }) == (15, ["@errands"]))
        #expect(completer.complete("buy milk", words: { words }).candidates.isEmpty)
    }

    @Test func commonPrefixKeepsTheFirstCandidatesCase() {
        #expect(Completer.commonPrefix(["Call mom", "Call Bob"]) == "Call ")
        #expect(Completer.commonPrefix(["list_tasks", "list_projects"]) == "list_")
        #expect(Completer.commonPrefix([]) == "")
    }

    @Test func closestCommands() {
        #expect(SlashCommand.closest(to: "hlep", in: ChatSession.commands).first == "/help")
        #expect(SlashCommand.closest(to: "qui", in: ChatSession.commands).first == "/quit")
        #expect(SlashCommand.closest(to: "zzzzzzzz", in: ChatSession.commands).isEmpty)
    }
}
