import Foundation
import TaskCore
import TaskNL

/// Refinement through an OpenAI-compatible model: the JSON prompt, then the merge that lets the
/// rules win. Any failure gives back the rules' reading with a one-line notice.
public struct LLMTaskBackend: NLBackend {
    public let client: OpenAIClient
    public let systemPrompt: String
    public let parser: TaskNLParser

    public init(client: OpenAIClient, systemPrompt: String, parser: TaskNLParser = TaskNLParser()) {
        self.client = client
        self.systemPrompt = systemPrompt
        self.parser = parser
    }

    public func refine(_ text: String, rules: ParseResult, now: Date, timeZone: TimeZone) -> RefinementResult {
        let request: JSONValue = [
            "text": .string(text),
            "now": .string(ISODate.format(now, in: timeZone)),
            "time_zone": .string(timeZone.identifier),
            "rules": rules.wireJSON(timeZone: timeZone),
        ]
        do {
            let answer = try client.completeJSON(messages: [.system(systemPrompt), .user(request.encoded())])
            let merger = RefinementMerger(parser: parser, now: now, timeZone: timeZone)
            let drafts = try merger.merge(answer: answer, text: text, rules: rules)
            return RefinementResult(drafts: drafts, usedModel: true, notice: nil)
        } catch {
            return .rulesOnly(rules, notice: Self.notice(for: error))
        }
    }

    /// "model not used: <what happened; what to do>; kept the rules' reading".
    static func notice(for error: LLMError) -> String {
        "model not used, kept the rules' reading: \(error)"
    }
}
