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
            draft: TaskDraft(title: "Call mom", due: due, priority: .high, contexts: ["family"]),
            understood: [Chip(field: .priority, text: "High"), Chip(field: .context, text: "#family"), Chip(field: .due, text: "Tomorrow, 5:00 PM")])
        let merged = merger.merge(["title": "Phone Mum", "priority": "low", "due": "2026-12-09", "contexts": ["phone"], "estimate_minutes": 10], rules: rules)
        #expect(merged["title"] == "Phone Mum", "the model may clean up the title")
        #expect(merged["priority"] == "high")
        #expect(merged["due"] == "2026-12-03T17:00:00+00:00")
        #expect(merged["contexts"] == ["family", "phone"])
        #expect(merged["estimate_minutes"] == 10, "the model fills gaps")
    }

    @Test func nothingUnderstoodLeavesTheProposal() {
        let rules = ParseResult(draft: TaskDraft(title: "Something"), understood: [])
        let proposal: [String: JSONValue] = ["title": "Something", "priority": "high"]
        #expect(merger.merge(proposal, rules: rules) == proposal)
    }

    @Test func emptyTitleTakesTheRulesTitle() {
        let rules = ParseResult(draft: TaskDraft(title: "Buy milk"), understood: [])
        #expect(merger.merge(["title": ""], rules: rules)["title"] == "Buy milk")
    }
}
