import Foundation
import TaskCore
import TaskNL

extension RefinementResult {
    /// `{"drafts": […], "model": true|false, "notice": "…"|null, "structured_output": "json_schema"|…|null,
    /// "usage": {"prompt_tokens", "completion_tokens"}|null}`, as `tasker parse --refine --json` prints.
    public func json(timeZone: TimeZone) -> JSONValue {
        [
            "drafts": .array(drafts.map { $0.wireJSON(timeZone: timeZone) }),
            "model": .bool(usedModel),
            "notice": .string(notice),
            "structured_output": .string(form?.rawValue),
            "usage": usage.map { ["prompt_tokens": .int($0.promptTokens), "completion_tokens": .int($0.completionTokens)] } ?? .null,
        ]
    }
}
