import Foundation
import TaskNL

/// Something that can improve the rules' reading of a dictation (a language model, or nothing).
public protocol NLBackend: Sendable {
    /// Refines `text`, whose rule parse is `rules`; never throws: any failure gives back `rules`
    /// with a notice.
    func refine(_ text: String, rules: ParseResult, now: Date, timeZone: TimeZone) -> RefinementResult
}
