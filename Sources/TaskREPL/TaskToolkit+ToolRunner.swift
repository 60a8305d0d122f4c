import Foundation
import TaskCore
import TaskToolkit

extension TaskToolkit: ToolRunner {

    public func revert(_ change: UndoableChange) throws {
        switch change {
        case .created(let id, _):
            try store.deleteTask(TaskID(id))
        case .completed(let id, _, let next):
            if let next { try store.deleteTask(TaskID(next)) }
            _ = try store.reopenTask(TaskID(id))
        case .rescheduled(let snapshot):
            _ = try store.rescheduleTask(TaskID(snapshot.id), due: snapshot.due)
        case .deferred(let snapshot):
            _ = try store.deferTask(TaskID(snapshot.id), until: snapshot.deferUntil)
        }
    }
}
