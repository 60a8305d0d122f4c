import Foundation
import TaskCore

/// A result holding one task: `{"task": {…}}`.
public struct TaskOutput: ToolOutput {
    public var task: TaskItem

    public init(task: TaskItem) { self.task = task }

    public func json(_ format: ResultFormat) -> [String: JSONValue] { ["task": format.task(task)] }
}
