import Foundation
import TaskCore
import TaskNL

extension RefinementResult {
    /// `{"drafts": […], "model": true|false, "notice": "…"|null}`, as `tasker parse --refine --json` prints.
    public func json(timeZone: TimeZone) -> JSONValue {
        [
            "drafts": .array(drafts.map { $0.wireJSON(timeZone: timeZone) }),
            "model": .bool(usedModel),
            "notice": .string(notice),
        ]
    }
}
