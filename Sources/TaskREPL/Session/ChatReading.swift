import Foundation
import TaskLLM
import TaskNL

/// How the chat reads a line itself: the parser at the chat's clock and zone.
struct ChatReading {
    let parser: TaskNLParser
    let clock: @Sendable () -> Date
    let timeZone: TimeZone

    var now: Date { clock() }

    /// The tasks a line holds ("buy milk; call mom" is two).
    func splitTasks(_ text: String) -> [String] { parser.splitTasks(text, now: clock(), timeZone: timeZone) }

    /// The rules' reading of `text`, binding the user's `places`.
    func parse(_ text: String, places: [String]) -> ParseResult { parser.parse(text, now: clock(), timeZone: timeZone, places: places) }

    /// The one merge of the chat's readings (`RefinementMerger`), at this moment.
    func merger(places: [String]) -> RefinementMerger {
        RefinementMerger(parser: parser, now: clock(), timeZone: timeZone, places: places)
    }
}
