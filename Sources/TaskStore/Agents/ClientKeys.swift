import Foundation
import TaskCore

/// Idempotency keys over the store's connection: a call a client names with its own id runs once; a
/// repeat gets the first answer. With sealing on, the arguments and the answer are sealed like notes
/// (bound to `client_keys`, `tool:client_id` and the column).
public struct ClientKeys {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// What an earlier call with this tool and client id answered, and the arguments it was given.
    public func find(tool: String, clientID: String) throws -> (arguments: String, result: String)? {
        let identity = "\(tool):\(clientID)"
        return try store.read {
            try store.db.cached("SELECT arguments, result FROM client_keys WHERE tool = ? AND client_id = ?").bind([.text(tool), .text(clientID)]).first {
                (try store.openedText($0, 0, table: "client_keys", uuid: identity, column: "arguments", what: "the call with client_id \(clientID)") ?? "",
                 try store.openedText($0, 1, table: "client_keys", uuid: identity, column: "result", what: "the call with client_id \(clientID)") ?? "")
            }
        }
    }

    /// Records the answer to a call named by a client id; in the caller's transaction when there is one,
    /// so the key and the write it answers commit together.
    public func record(tool: String, clientID: String, arguments: String, result: String) throws {
        let identity = "\(tool):\(clientID)"
        try store.write {
            try store.db.run(
                "INSERT INTO client_keys(tool, client_id, arguments, result, created) VALUES (?, ?, ?, ?, ?)",
                [.text(tool), .text(clientID),
                 try store.storedValue(arguments, table: "client_keys", uuid: identity, column: "arguments", kind: "client_id answers"),
                 try store.storedValue(result, table: "client_keys", uuid: identity, column: "result", kind: "client_id answers"),
                 DatabaseValue(TaskStore.wholeSeconds(store.now))])
        }
    }
}
