import Foundation
import TaskCore
import TaskNL

/// What refinement gives back: one draft per task, whether the model's answer was used, and a
/// one-line notice when it was not (what happened and what to do).
public struct RefinementResult: Sendable, Hashable {
    public var drafts: [ParseResult]
    public var usedModel: Bool
    public var notice: String?

    public init(drafts: [ParseResult], usedModel: Bool, notice: String?) {
        self.drafts = drafts
        self.usedModel = usedModel
        self.notice = notice
    }

    /// The rules' reading alone, with `notice` saying why.
    public static func rulesOnly(_ rules: ParseResult, notice: String?) -> RefinementResult {
        RefinementResult(drafts: [rules], usedModel: false, notice: notice)
    }
}
