import Foundation
import TaskCore
import TaskNL
import TaskToolkit

extension ParseResult {
    /// One draft as the page shows and saves it: `draft` (the `tasker parse --json` object), `chips`
    /// (`{"field", "text"}` in order) and `create` (the `create_task` arguments that save exactly this
    /// draft: `CreateTask`'s own arguments for it, as the chat offers them for editing).
    func webDraft(timeZone: TimeZone) -> JSONValue {
        let chips: [JSONValue] = understood.map { ["field": .string($0.field.rawValue), "text": .string($0.text)] }
        let create = CreateTask(draft: draft).arguments(ResultFormat(timeZone: timeZone))
        return ["draft": json(timeZone: timeZone), "chips": .array(chips), "create": create]
    }
}
