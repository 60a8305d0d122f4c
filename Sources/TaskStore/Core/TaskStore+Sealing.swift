import Foundation
import TaskCore

/// Sealing one value on write and opening it on read, as every aggregate does for its sealed
/// columns (page bodies, task and project notes, attachment keys, approvals' and `client_id` calls'
/// arguments and results). Turning sealing on, rotating and scrubbing is `Sealing(store)`.
extension TaskStore {
    /// Whether new bodies must be sealed.
    func sealingIsOn() throws -> Bool { try db.scalar("SELECT enabled FROM crypto WHERE id = 1") == 1 }

    /// The stored form of a page body: sealed when sealing is on, clear otherwise.
    /// - Throws: `.sealed` when sealing is on and the key is not available (nothing is written).
    func storedBody(_ text: String, uuid: String) throws -> DatabaseValue {
        try storedValue(text, table: "pages", uuid: uuid, column: "body", kind: "pages")
    }

    /// The stored form of a task's or project's notes (`table` is `tasks` or `projects`): sealed
    /// when sealing is on, clear otherwise, NULL for none. - Throws: as `storedBody`.
    func storedNotes(_ text: String?, table: String, uuid: String) throws -> DatabaseValue {
        guard let text else { return .null }
        return try storedValue(text, table: table, uuid: uuid, column: "notes", kind: table == "tasks" ? "task notes" : "project notes")
    }

    /// The stored form of any sealed column's text (`kind` names what it is in the refusal: "task notes").
    func storedValue(_ text: String, table: String, uuid: String, column: String, kind: String) throws -> DatabaseValue {
        guard try sealingIsOn() else { return .text(text) }
        guard let sealer else {
            throw TaskStoreError.sealed("\(kind) are sealed and the data key is not available, so nothing was written: \(keyUnavailable)")
        }
        return .blob(try sealer.seal(text, table: table, uuid: uuid, column: column))
    }

    /// A page body as read from `column` of `s`: the text, or (sealed, no key) nil — never the
    /// ciphertext. - Throws: `.sealed` when the key is there but the body does not open (moved, altered).
    func openedBody(_ s: Statement, column: Int32, uuid: String, pageID: Int64) throws -> String? {
        guard s.isBlob(column) else { return s.string(column) }
        return try openedValue(s.bytes(column), table: "pages", uuid: uuid, column: "body", what: "page \(pageID)")
    }

    /// A sealed value opened, or nil when the key is not here. - Throws: `.sealed` when the key is
    /// here but the value does not open (moved to another row, altered); `what` names the row.
    func openedValue(_ sealed: [UInt8], table: String, uuid: String, column: String, what: String) throws -> String? {
        guard let sealer else { return nil }
        do {
            return try sealer.open(sealed, table: table, uuid: uuid, column: column)
        } catch {
            throw TaskStoreError.sealed("\(what) is sealed but does not open with the data key: \(error)")
        }
    }

    /// The text in `index` of `s` from a sealed column: clear as stored, or sealed and opened; nil for NULL.
    /// - Throws: `.sealed` naming `what` when it is sealed and the key is not here, or does not open.
    func openedText(_ s: Statement, _ index: Int32, table: String, uuid: String, column: String, what: String) throws -> String? {
        if s.isNull(index) { return nil }
        guard s.isBlob(index) else { return s.string(index) }
        guard let text = try openedValue(s.bytes(index), table: table, uuid: uuid, column: column, what: what) else {
            throw TaskStoreError.sealed("\(what) is sealed and the data key is not available: \(keyUnavailable)")
        }
        return text
    }

    /// The notes as stored in a row, unchanged (a sealed BLOB stays a BLOB): what an update writes
    /// back when it could not read sealed notes (locked) and was not asked to change them.
    func storedNotesAsTheyAre(_ table: String, id: Int64) throws -> DatabaseValue {
        try db.cached("SELECT notes FROM \(table) WHERE id = ?").bind([.integer(id)]).first { $0.isBlob(0) ? .blob($0.bytes(0)) : DatabaseValue($0.optionalString(0)) } ?? .null
    }
}
