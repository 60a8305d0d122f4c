import Foundation
import TaskCore

/// The attachment rows as the tasks aggregate sees them: a task's deletion takes its attachments
/// with it and puts them back, inside its own transaction (`TaskStore+Deletion`), and
/// `Attachments(store)` reads and restores rows the same way.
extension TaskStore {
    static let attachmentColumns = "a.id, a.uuid, a.task_id, a.page_id, a.name, a.sha256, a.size, a.encoding, a.remote_url, a.created, a.object_key, a.stored_sha256"

    static func readAttachment(_ s: Statement) -> Attachment {
        let owner: AttachmentOwner = s.isNull(2) ? .page(PageID(s.int64(3))) : .task(TaskID(s.int64(2)))
        var found = Attachment(id: AttachmentID(s.int64(0)), uuid: s.string(1), owner: owner, name: s.string(4), sha256: s.string(5),
                               size: s.int64(6), encoding: s.string(7), remoteURL: s.optionalString(8), created: s.date(9))
        if s.isBlob(10) { found.sealedKey = s.bytes(10) }
        found.storedSHA256 = s.optionalString(11)
        return found
    }

    /// The owner as (task_id, page_id) values, checked to exist.
    func ownerColumns(_ owner: AttachmentOwner) throws -> (DatabaseValue, DatabaseValue) {
        switch owner {
        case .task(let id):
            guard try db.scalar("SELECT id FROM tasks WHERE id = ?", [.integer(id.rawValue)]) != nil else { throw TaskStoreError.taskNotFound(id) }
            return (.integer(id.rawValue), .null)
        case .page(let id):
            guard try db.scalar("SELECT id FROM pages WHERE id = ?", [.integer(id.rawValue)]) != nil else { throw TaskStoreError.pageNotFound("#\(id)") }
            return (.null, .integer(id.rawValue))
        }
    }

    /// `restoreAttachments` inside a transaction already open.
    func insertRestored(_ attachments: [Attachment], taskIDs: [TaskID: TaskID] = [:]) throws -> [Attachment] {
        var restored: [Attachment] = []
        for var a in attachments {
            if try db.scalar("SELECT id FROM attachments WHERE uuid = ?", [.text(a.uuid)]) != nil { continue }
            if case .task(let id) = a.owner, let moved = taskIDs[id] { a.owner = .task(moved) }
            guard let columns = try? ownerColumns(a.owner) else { continue }
            let (task, page) = columns
            let idFree = try db.scalar("SELECT id FROM attachments WHERE id = ?", [.integer(a.id.rawValue)]) == nil
            try db.run("""
                INSERT INTO attachments(id, uuid, task_id, page_id, name, sha256, size, encoding, remote_url, created, object_key, stored_sha256)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [idFree ? .integer(a.id.rawValue) : .null, .text(a.uuid), task, page, .text(a.name), .text(a.sha256), .integer(a.size),
                 .text(a.encoding), DatabaseValue(a.remoteURL), DatabaseValue(a.created), a.sealedKey.map { .blob($0) } ?? .null,
                 DatabaseValue(a.storedSHA256)])
            a.id = AttachmentID(db.lastInsertRowID)
            try db.run("DELETE FROM tombstones WHERE kind = ? AND uuid = ?", [.text(RecordKind.attachment.rawValue), .text(a.uuid)])
            restored.append(a)
        }
        return restored
    }
}
