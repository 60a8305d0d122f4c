import Foundation
import TaskCore
import TaskToolkit

extension TaskToolkit: ToolRunner {

    public func snapshot(_ reference: TaskReference) -> TaskSnapshot? {
        let item: TaskItem?
        switch reference {
        case .id(let id): item = try? store.task(TaskID(id))
        case .title(let title):
            if case .unique(let found)? = try? store.findTasks(titled: title) { item = found } else { item = nil }
        }
        return item.map { TaskSnapshot(id: $0.id.rawValue, title: $0.title, due: $0.due, deferUntil: $0.deferUntil) }
    }

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
