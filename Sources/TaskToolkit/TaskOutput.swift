import Foundation
import TaskCore

/// A result holding one task: `{"task": {…}}`.
public struct TaskOutput: ToolOutput {
    public var task: TaskItem
    public var focusTask: TaskID? { task.id }

    public init(task: TaskItem) { self.task = task }

    public static let schema = OutputSchema.object(["task": OutputSchema.task])

    public func json(_ format: ResultFormat) -> [String: JSONValue] { ["task": format.task(task)] }

    public func appendResult(_ format: ResultFormat, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"ok":true,"task":"#.utf8)
        format.appendTask(task, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}
