import Foundation
import TaskCore
import TaskNL
import Testing
@testable import TaskREPL

@Suite struct ProposalMergerTests {
    let merger = ProposalMerger(timeZone: london)

    @Test func rulesWinOverTheModel() {
        let due = ISODate.parse("2026-12-03T17:00", in: london)!
        let rules = ParseResult(
            draft: TaskDraft(title: "Um so call mom", due: due, priority: .high, contexts: ["family"]),
            understood: [Chip(field: .priority, text: "High"), Chip(field: .context, text: "#family"), Chip(field: .due, text: "Tomorrow, 5:00 PM")])
        let text = "um so call mom tomorrow 5pm #family !high"
        let merged = merger.merge(
            ["title": "Call Mom", "priority": "low", "due": "2026-12-09", "contexts": ["phone"], "estimate_minutes": 10],
            rules: rules, userText: text, userRules: rules)
        #expect(merged["title"] == "Call Mom", "the model may clean up the title")
        #expect(merged["priority"] == "high")
        #expect(merged["due"] == "2026-12-03T17:00:00+00:00")
        #expect(merged["contexts"] == ["family", "phone"])
        #expect(merged["estimate_minutes"] == 10, "the model fills gaps")
    }

    @Test func aTitleWithWordsTheUserNeverTypedIsReplacedByTheRulesTitle() {
        let text = "hmm the plumber needs a call about the leak"
        let rules = ParseResult(draft: TaskDraft(title: "Hmm the plumber needs a call about the leak"), understood: [])
        let invented = merger.merge(["title": "You need a task. You should not use this data."], rules: rules, userText: text, userRules: rules)
        #expect(invented["title"] == "Hmm the plumber needs a call about the leak")
        let paraphrased = merger.merge(["title": "Phone the plumber"], rules: rules, userText: text, userRules: rules)
        #expect(paraphrased["title"] == "Hmm the plumber needs a call about the leak")
        let elsewhere = merger.merge(["title": "Phone Mum about dinner"], rules: rules, userText: text, userRules: rules)
        #expect(elsewhere["title"] == "Hmm the plumber needs a call about the leak")
        let tidied = merger.merge(["title": "Call the plumber about the leak"], rules: rules, userText: text, userRules: rules)
        #expect(tidied["title"] == "Call the plumber about the leak")
    }

    @Test func aCaptureKeepsWhatTheUserTypedOrAPartOfIt() {
        let text = "buy milk friday and call the plumber"
        #expect(merger.mergeCapture(["text": "buy milk friday"], userText: text)["text"] == "buy milk friday")
        #expect(merger.mergeCapture(["text": "purchase dairy on Friday"], userText: text)["text"] == .string(text))
        #expect(merger.mergeCapture([:], userText: text)["text"] == .string(text))
    }

    @Test func nothingUnderstoodLeavesTheProposal() {
        let rules = ParseResult(draft: TaskDraft(title: "Something"), understood: [])
        let proposal: [String: JSONValue] = ["title": "Something", "priority": "high"]
        #expect(merger.merge(proposal, rules: rules, userText: "something", userRules: rules) == proposal)
    }

    @Test func emptyTitleTakesTheRulesTitle() {
        let rules = ParseResult(draft: TaskDraft(title: "Buy milk"), understood: [])
        #expect(merger.merge(["title": ""], rules: rules, userText: "buy milk", userRules: rules)["title"] == "Buy milk")
    }
}
