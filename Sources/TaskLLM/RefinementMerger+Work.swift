import Foundation
import TaskNL

extension RefinementMerger {
    /// Whether a refinement answer could change the rules' drafts of `text`, judged without asking:
    /// some part of the rules' split (`TaskNLParser.splitTasks`) may still be split by the model — it
    /// has a candidate source (`TaskNLParser.candidateSources`) at its start and another at its end,
    /// both reading as tasks — or its title still holds a spoken opener or filler a refined title may
    /// leave out (`TitleLatitude.refinement`). When neither holds, every answer the merge accepts gives
    /// the rules' drafts again (a refined title may only reorder the same words), so `tasker parse
    /// --refine` keeps the rules' reading without a request (issue 42: the model's job is run-ons the
    /// rules do not split, and titles).
    /// `rules` is the rules' reading of the whole text, which stands for a part that is all of it (as in `merge(answer:)`).
    public func leavesWorkForModel(_ text: String, rules: ParseResult) -> Bool {
        parser.splitTasks(text, now: now, timeZone: timeZone).contains { part in
            let read = Self.normalized(part) == Self.normalized(text) ? rules : parser.parse(part, now: now, timeZone: timeZone, places: places)
            let title = Self.words(read.draft.title)
            if TitleWords.kept(title) != title { return true }
            let whole = part.trimmingCharacters(in: .whitespaces).lowercased()
            let spans = TaskNLParser.candidateSources(part).map { $0.lowercased() }.filter { $0 != whole }
            func task(_ span: String) -> Bool { parser.readsAsTask(span, now: now, timeZone: timeZone) }
            return spans.contains { whole.hasPrefix($0) && task($0) } && spans.contains { whole.hasSuffix($0) && task($0) }
        }
    }
}
