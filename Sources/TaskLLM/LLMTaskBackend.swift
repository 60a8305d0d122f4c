import Foundation
import TaskCore
import TaskNL

/// Refinement through an OpenAI-compatible model: a small prompt, the answer's JSON Schema sent as
/// structured output (the ladder of `StructuredOutputForm`), then the merge that lets the rules win.
/// Any failure gives back the rules' reading with a one-line notice.
public struct LLMTaskBackend: NLBackend {
    public let client: OpenAIClient
    public let systemPrompt: String
    public let parser: TaskNLParser
    /// Which structured-output form each endpoint accepted (nil: found anew on every call).
    public let memory: StructuredOutputMemory?

    public init(client: OpenAIClient, systemPrompt: String, parser: TaskNLParser = TaskNLParser(), memory: StructuredOutputMemory? = nil) {
        self.client = client
        self.systemPrompt = systemPrompt
        self.parser = parser
        self.memory = memory
    }

    /// The same backend whose requests stop when `cancellation` is tripped.
    public func cancellable(by cancellation: Cancellation) -> LLMTaskBackend {
        LLMTaskBackend(client: client.with(cancellation: cancellation), systemPrompt: systemPrompt, parser: parser, memory: memory)
    }

    /// The JSON Schema of a refinement answer: `{"tasks": [{source, title, due, priority,
    /// estimate_minutes, energy, contexts, kind}]}`, `source` and `title` required, the rest optional
    /// (a strict server gets them as nullable: `StructuredOutputForm.strict`).
    public static let answerSchema: JSONValue = answerSchema(sources: [])

    /// The answer schema for `text`: `source` may only be one of the text's candidate parts
    /// (`TaskNLParser.candidateSources`), so a server that enforces the schema makes the model copy
    /// the user's words instead of paraphrasing them; free when the text has too many parts.
    public static func answerSchema(for text: String) -> JSONValue {
        answerSchema(sources: TaskNLParser.candidateSources(text))
    }

    static func answerSchema(sources: [String]) -> JSONValue {
        func string(_ values: [String]) -> JSONValue { ["type": "string", "enum": .array(values.map(JSONValue.string))] }
        let task: JSONValue = [
            "type": "object",
            "properties": [
                "source": sources.isEmpty ? ["type": "string"] : string(sources),
                "title": ["type": "string"],
                "due": ["type": "string"],
                "priority": string(Priority.allCases.map(\.rawValue)),
                "estimate_minutes": ["type": "integer"],
                "energy": string(Energy.allCases.map(\.rawValue)),
                "contexts": ["type": "array", "items": ["type": "string"]],
                "kind": string(TaskKind.allCases.map(\.rawValue)),
            ],
            "required": ["source", "title"],
            "additionalProperties": false,
        ]
        return [
            "type": "object",
            "properties": ["tasks": ["type": "array", "items": task, "minItems": 1]],
            "required": ["tasks"],
            "additionalProperties": false,
        ]
    }

    /// `max_tokens` for a dictation of `text`: enough to copy every word twice (source and title) with
    /// the JSON around it, far below the 1,024 a small model would otherwise pad up to.
    public static func maxTokens(for text: String) -> Int {
        let words = text.split(whereSeparator: \.isWhitespace).count
        return min(1024, 120 + 12 * words)
    }

    /// The user message: the date for relative phrases, then the text alone.
    public static func userMessage(_ text: String, now: Date, timeZone: TimeZone) -> String {
        let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let weekday = names[LocalDate(now, in: timeZone).weekday.isoNumber - 1]
        return "Now: \(weekday) \(ISODate.format(now, in: timeZone)) (\(timeZone.identifier))\nText: \(text)"
    }

    /// `refine`, for a text whose rules' reading leaves the model something to split or tidy
    /// (`RefinementMerger.leavesWorkForModel`); any other text is not sent: exactly the rules' drafts
    /// come back at once, with `notAsked` as the notice. What `tasker parse --refine` and the web
    /// page's Refine run (issue 42: median seconds per refine).
    public func refineIfUseful(_ text: String, rules: ParseResult, now: Date, timeZone: TimeZone) -> RefinementResult {
        guard RefinementMerger(parser: parser, now: now, timeZone: timeZone).leavesWorkForModel(text, rules: rules) else {
            return .rulesOnly(text, rules: rules, parser: parser, now: now, timeZone: timeZone, notice: Self.notAsked)
        }
        return refine(text, rules: rules, now: now, timeZone: timeZone)
    }

    /// The model's reading merged with the rules' (`refined`), or on any failure exactly the rules'
    /// drafts of `text`, split as `tasker parse` splits it (`RefinementResult.rulesOnly`).
    public func refine(_ text: String, rules: ParseResult, now: Date, timeZone: TimeZone) -> RefinementResult {
        do {
            return try refined(text, rules: rules, now: now, timeZone: timeZone)
        } catch {
            return .rulesOnly(text, rules: rules, parser: parser, now: now, timeZone: timeZone, notice: Self.notice(for: error))
        }
    }

    /// The model's reading of `text`, merged with the rules' (`places`: the user's place names, as
    /// `rules` was read with them). - Throws: `LLMError` for every failure (the caller keeps `rules`),
    /// `.wrongShape` when the answer's tasks do not fit the text.
    public func refined(_ text: String, rules: ParseResult, now: Date, timeZone: TimeZone, places: [String] = []) throws(LLMError) -> RefinementResult {
        let answer = try ask(text, now: now, timeZone: timeZone)
        let merger = RefinementMerger(parser: parser, now: now, timeZone: timeZone, places: places)
        let merged = try merger.merge(answer: answer.value, text: text, rules: rules)
        return RefinementResult(drafts: merged.map(\.draft), usedModel: true, notice: nil, form: answer.form, usage: answer.usage,
                                sources: merged.map(\.source), sourceRules: merged.map(\.rules))
    }

    /// The refine request for `text` and the model's answer as it came (not yet merged): the small
    /// prompt, the answer's schema with the text's candidate sources, `max_tokens` sized to the text.
    /// - Throws: `LLMError` for every failure.
    public func ask(_ text: String, now: Date, timeZone: TimeZone) throws(LLMError) -> StructuredAnswer {
        let messages: [ChatMessage] = [.system(systemPrompt), .user(Self.userMessage(text, now: now, timeZone: timeZone))]
        return try client.completeStructured(
            messages: messages, schema: Self.answerSchema(for: text), name: "tasks", maxTokens: Self.maxTokens(for: text), memory: memory)
    }

    /// The notice of a text the model was not asked about.
    public static let notAsked = "model not asked: the rules' reading leaves nothing to split or tidy"

    /// "model not used: <what happened; what to do>; kept the rules' reading".
    static func notice(for error: LLMError) -> String {
        "model not used, kept the rules' reading: \(error)"
    }
}
