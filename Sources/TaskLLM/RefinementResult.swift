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

    /// The rules' reading alone, with `notice` saying why.
    public static func rulesOnly(_ rules: ParseResult, notice: String?) -> RefinementResult {
        RefinementResult(drafts: [rules], usedModel: false, notice: notice)
    }
}
