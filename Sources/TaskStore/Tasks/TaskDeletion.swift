import Foundation
import TaskCore

/// What `TaskStore.deleteTask(_:withSubtasks:)` removed, kept whole so `TaskStore.restore` can put
/// it back: every deleted row with its UUID, series anchor, page links and attachments, parents before
/// children, and the subtasks that only lost their parent.
public struct TaskDeletion: Sendable, Hashable {
    /// One deleted task as it was stored.
    public struct Record: Sendable, Hashable {
        public var task: TaskItem
        public var uuid: String
        /// The day of month a monthly or yearly series is anchored on (nil for other rules).
        public var anchorDay: Int?
        public var linkedPages: [PageID]
        /// Its attachments (their rows go with the task; the objects stay until collected).
        public var attachments: [Attachment] = []
        /// Its notes as stored, when they were sealed and could not be opened (locked): put back unchanged.
        var sealedNotes: [UInt8]?
    }

    /// The deleted tasks, the one asked for first, every parent before its children.
    public var records: [Record]
    /// Subtasks left in place without a parent (they come back under it on restore).
    public var orphaned: [TaskID]

    /// The deleted tasks, the one asked for first.
    public var tasks: [TaskItem] { records.map(\.task) }
}
