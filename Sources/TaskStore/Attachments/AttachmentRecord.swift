import Foundation
import TaskCore

/// An attachment by UUID, naming its task or page by UUID (exactly one is set) and its bytes by
/// SHA-256: one line of a bundle's `attachments.jsonl` (the bytes travel as `attachments/<sha256>`).
public struct AttachmentRecord: Sendable, Hashable {
    public var uuid: String
    public var task: String?
    public var page: String?
    public var name: String
    public var sha256: String
    public var size: Int64
    public var encoding: String
    public var remoteURL: String?
    public var created: Date

    public init(uuid: String, task: String? = nil, page: String? = nil, name: String, sha256: String, size: Int64,
                encoding: String = "plain", remoteURL: String? = nil, created: Date) {
        self.uuid = uuid
        self.task = task
        self.page = page
        self.name = name
        self.sha256 = sha256
        self.size = size
        self.encoding = encoding
        self.remoteURL = remoteURL
        self.created = created
    }
}

extension TaskStore {
    /// Every attachment as a record, sorted by UUID.
    func attachmentRecords() throws -> [AttachmentRecord] {
        try db.prepare("""
            SELECT a.uuid, t.uuid, p.uuid, a.name, a.sha256, a.size, a.encoding, a.remote_url, a.created
            FROM attachments a LEFT JOIN tasks t ON t.id = a.task_id LEFT JOIN pages p ON p.id = a.page_id ORDER BY a.uuid
            """
        ).rows { s in
            AttachmentRecord(uuid: s.string(0), task: s.optionalString(1), page: s.optionalString(2), name: s.string(3), sha256: s.string(4),
                             size: s.int64(5), encoding: s.string(6), remoteURL: s.optionalString(7), created: s.date(8))
        }
    }

    /// Writes one attachment record (inside `writeRecords`): by UUID, an existing row takes the
    /// record's name and remote URL; a new one is inserted on the task or page its UUID names.
    /// The object itself must be in place already (the importer commits it first).
    func upsertAttachment(_ a: AttachmentRecord, _ summary: inout RecordWriteSummary) throws {
        func malformed(_ field: String, _ reason: String) -> TaskStoreError { .importMalformed("attachment \(a.uuid): field \(field): \(reason)") }
        guard SHA256.isHex(a.sha256) else { throw malformed("sha256", "'\(a.sha256)' is not 64 lower-case hex digits") }
        guard a.size >= 0 else { throw malformed("size", "must be 0 or more") }
        let name = a.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw malformed("name", "must not be empty") }
        if let existing = try db.scalar("SELECT id FROM attachments WHERE uuid = ?", [.text(a.uuid)]) {
            try db.run("UPDATE attachments SET name = ?, remote_url = ? WHERE id = ?", [.text(name), DatabaseValue(a.remoteURL), .integer(existing)])
            summary.updated += 1
            return
        }
        var taskID: Int64?
        var pageID: Int64?
        if let task = a.task {
            guard let id = try db.scalar("SELECT id FROM tasks WHERE uuid = ?", [.text(task)]) else { throw malformed("task", "no task with UUID \(task)") }
            taskID = id
        }
        if let page = a.page {
            guard let id = try db.scalar("SELECT id FROM pages WHERE uuid = ?", [.text(page)]) else { throw malformed("page", "no page with UUID \(page)") }
            pageID = id
        }
        guard (taskID == nil) != (pageID == nil) else { throw malformed("task", "exactly one of task and page must be set") }
        try db.run("""
            INSERT INTO attachments(uuid, task_id, page_id, name, sha256, size, encoding, remote_url, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(a.uuid), DatabaseValue(taskID), DatabaseValue(pageID), .text(name), .text(a.sha256), .integer(a.size), .text(a.encoding),
             DatabaseValue(a.remoteURL), DatabaseValue(a.created)])
        summary.inserted += 1
    }
}
