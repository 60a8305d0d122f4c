import Foundation
import Testing
import TaskCore
import TaskNL
@testable import TaskLLM

/// How the merge reads a refinement answer's sources (`RefinementMerger.resolved`) and which parts of
/// a dictation the answer schema offers (`TaskNLParser.candidateSources`).
@Suite struct SourceResolutionTests {
    static func read(_ sources: [String], _ text: String) throws -> [String] {
        try RefinementMerger.resolved(sources.map { ModelTask(source: $0, title: "T") }, in: text).map(\.source)
    }

    @Test func aWholeLineThatHoldsANamedTaskStandsForTheRestOfTheLine() throws {
        let text = "pick up the dry cleaning friday and book a flight to Berlin next week"
        #expect(try Self.read([text, "book a flight to Berlin next week"], text)
            == ["pick up the dry cleaning friday", "book a flight to Berlin next week"])
        // The named task first, the whole line after: the same reading, in text order.
        #expect(try Self.read(["book a flight to Berlin next week", text], text)
            == ["pick up the dry cleaning friday", "book a flight to Berlin next week"])
        // Joining words at the edges of what is left go with the cut.
        #expect(try Self.read(["buy milk tomorrow and also call mom", "buy milk tomorrow"], "buy milk tomorrow and also call mom")
            == ["buy milk tomorrow", "call mom"])
        #expect(try Self.read(["a pen, paper, then call bob", "paper"], "a pen, paper, then call bob")
            == ["a pen", "paper", "call bob"])
    }

    @Test func aHolderKeepsNoTitleOfItsOwn() throws {
        let text = "water the plants and call grandma"
        let tasks = try RefinementMerger.resolved(
            [ModelTask(source: text, title: "Water the plants and call grandma", priority: .high), ModelTask(source: "call grandma", title: "Call grandma")],
            in: text)
        #expect(tasks.map(\.source) == ["water the plants", "call grandma"])
        #expect(tasks[0].title == nil && tasks[0].priority == nil)
        #expect(tasks[1].title == "Call grandma")
    }

    @Test func plainSplitsRepeatsAndCaseAreReadAsTheyStand() throws {
        let text = "Buy milk  tomorrow and call Mom"
        #expect(try Self.read(["buy milk tomorrow", "call mom"], text) == ["Buy milk tomorrow", "call Mom"])
        #expect(try Self.read(["call mom", "buy milk tomorrow"], text) == ["Buy milk tomorrow", "call Mom"])
        #expect(try Self.read(["buy milk tomorrow", "buy milk tomorrow"], text) == ["Buy milk tomorrow"])
        #expect(try Self.read([text], text) == [text.split(separator: " ").joined(separator: " ")])
    }

    @Test func overlapsAndForeignWordsAreRefused() {
        let text = "buy milk tomorrow and call mom"
        #expect(throws: LLMError.self) { try Self.read(["buy milk tomorrow and call", "tomorrow and call mom"], text) }
        #expect(throws: LLMError.self) { try Self.read(["buy oat milk"], text) }
    }

    @Test func aHolderWithNothingButJoiningWordsLeftIsOnlyItsParts() throws {
        let text = "buy milk and call mom"
        #expect(try Self.read([text, "buy milk", "call mom"], text) == ["buy milk", "call mom"])
    }

    @Test func candidateSourcesAreEveryRunOfClausesBetweenCuts() {
        #expect(TaskNLParser.candidateSources("buy milk and also call mom friday") == [
            "buy milk", "buy milk and also call mom friday", "call mom friday",
        ])
        #expect(TaskNLParser.candidateSources("a, b and c") == ["a", "a, b", "a, b and c", "b", "b and c", "c"])
        #expect(TaskNLParser.candidateSources("write the report") == ["write the report"])
        // Six cuts: too many parts to list; the schema leaves the source free.
        #expect(TaskNLParser.candidateSources("a and b and c and d and e and f and g").isEmpty)
    }

    @Test func theAnswerSchemaListsTheCandidatesAsTheOnlySources() {
        let schema = LLMTaskBackend.answerSchema(for: "buy milk and call mom")
        let source = schema["properties"]?["tasks"]?["items"]?["properties"]?["source"]
        #expect(source?["enum"] == .array(["buy milk", "buy milk and call mom", "call mom"].map(JSONValue.string)))
        #expect(LLMTaskBackend.answerSchema["properties"]?["tasks"]?["items"]?["properties"]?["source"] == ["type": "string"])
    }
}
