import Foundation
import TaskCore
import TaskLLM
import TaskNL
@testable import TaskREPL

/// A `DictationRefiner` that answers with a scripted refinement answer (the JSON a model would send)
/// and merges it with the real `RefinementMerger`, as the real refiner does after its request.
final class ScriptedRefiner: DictationRefiner {
    var answers: [String]
    init(_ answers: [String]) { self.answers = answers }

    func refine(
        _ text: String, rules: ParseResult, model: String?, endpoint: String?, now: Date, timeZone: TimeZone, places: [String],
        isCancelled: @escaping @Sendable () -> Bool
    ) throws -> RefinementResult {
        let answer = try JSONValue.parse(answers.removeFirst())
        let merged = try RefinementMerger(now: now, timeZone: timeZone, places: places).merge(answer: answer, text: text, rules: rules)
        return RefinementResult(drafts: merged.map(\.draft), usedModel: true, notice: nil, form: nil, usage: nil,
                                sources: merged.map(\.source), sourceRules: merged.map(\.rules))
    }

    func acceptedForm(model: String?, endpoint: String?) -> StructuredOutputForm? { nil }
}
