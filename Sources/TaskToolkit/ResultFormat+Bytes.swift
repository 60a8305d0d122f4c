import Foundation
import TaskCore

/// Result JSON written straight into an output buffer, byte for byte what encoding the `JSONValue`
/// forms gives (`format.task(task).encoded()`): both come from one `TaskField.write(task)`, into
/// `JSONByteMembers` here. Lists of tasks and `call --batch` are the hot paths; a dictionary per
/// task cost ~3 µs.
/// `ResultFormatBytesTests` pins the two forms together on varied tasks.
extension ResultFormat {
    /// Appends `task(task)`'s compact JSON (with `"depth"` when given, as a `tree` listing carries it,
    /// and `"sync_error"` when given, as `list_tasks` does for a task the last sync could not write).
    public func appendTask(_ task: TaskItem, depth: Int? = nil, syncError: String? = nil, to out: inout [UInt8]) {
        var w = JSONByteMembers(timeZone: timeZone, into: &out)
        TaskField.write(task, depth: depth, syncError: syncError, to: &w)
        w.finish(into: &out)
    }
}
