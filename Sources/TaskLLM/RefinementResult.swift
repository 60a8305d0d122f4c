import Foundation
import TaskCore
import TaskNL

/// What refinement gives back: one draft per task, whether the model's answer was used, and a
/// one-line notice when it was not (what happened and what to do).
public struct RefinementResult: Sendable, Hashable {
    public var drafts: [ParseResult]
    public var usedModel: Bool
    public var notice: String?
    /// The structured-output form the server accepted (nil when no answer came).
    public var form: StructuredOutputForm?
    /// The tokens the request used, when the server said.
    public var usage: TokenUsage?
    /// The part of the text each draft came from (the model's `source`s as the merge read them:
    /// `RefinementMerger.resolved`), when the model was used.
    public var sources: [String]
    /// The rules' reading of each source (what an edited draft falls back to), when the model was used.
    public var sourceRules: [ParseResult]

    public init(
        drafts: [ParseResult], usedModel: Bool, notice: String?, form: StructuredOutputForm? = nil, usage: TokenUsage? = nil,
        sources: [String] = [], sourceRules: [ParseResult] = []
    ) {
        self.drafts = drafts
        self.sources = sources
        self.sourceRules = sourceRules
        self.usedModel = usedModel
        self.notice = notice
        self.form = form
        self.usage = usage
    }

    /// The rules' drafts of `text` alone, with `notice` saying why: exactly what `tasker parse` gives,
    /// one draft per part of the rules' split (`TaskNLParser.splitTasks`), each read by the rules;
    /// `rules` (the whole text's reading) stands for a text the rules keep whole and as it is. What every model
    /// path returns when the model is absent, fails or is refused.
    public static func rulesOnly(
        _ text: String, rules: ParseResult, parser: TaskNLParser, now: Date, timeZone: TimeZone, places: [String] = [], notice: String?
    ) -> RefinementResult {
        let parts = parser.splitTasks(text, now: now, timeZone: timeZone)
        let whole = parts == [text.trimmingCharacters(in: .whitespaces)]
        let drafts = whole ? [rules] : parts.map { parser.parse($0, now: now, timeZone: timeZone, places: places) }
        return RefinementResult(drafts: drafts, usedModel: false, notice: notice)
    }
}
