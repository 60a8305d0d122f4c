import Foundation
import TaskCore
import TaskNL

extension ParseResult {
    /// The `tasker parse --json` object (TaskNL's `json(timeZone:)`, docs/DESIGN.md) plus `fromModel`:
    /// the fields of the chips a model supplied, in chip order.
    public func wireJSON(timeZone: TimeZone) -> JSONValue {
        var object = json(timeZone: timeZone).objectValue ?? [:]
        object["fromModel"] = .array(understood.filter(\.fromModel).map { .string($0.field.rawValue) })
        return .object(object)
    }
}
