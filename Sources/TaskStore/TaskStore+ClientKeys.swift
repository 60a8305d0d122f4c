import Foundation
import TaskCore

/// Idempotency keys: a call a client names with its own id runs once; a repeat gets the first answer.
/// With sealing on, the arguments and the answer are sealed like notes (bound to `client_keys`,
/// `tool:client_id` and the column).
extension TaskStore {
    /// What an earlier call with this tool and client id answered, and the arguments it was given.
    public func clientKey(tool: String, clientID: String) throws -> (arguments: String, result: String)? {
        let identity = "\(tool):\(clientID)"
        return try read {
            try db.cached("SELECT arguments, result FROM client_keys WHERE tool = ? AND client_id = ?").bind([.text(tool), .text(clientID)]).first {
                (try openedText($0, 0, table: "client_keys", uuid: identity, column: "arguments", what: "the call with client_id \(clientID)") ?? "",
                 try openedText($0, 1, table: "client_keys", uuid: identity, column: "result", what: "the call with client_id \(clientID)") ?? "")
            }
        }
    }

    /// Records the answer to a call named by a client id; in the caller's transaction when there is one,
    /// so the key and the write it answers commit together.
    public func recordClientKey(tool: String, clientID: String, arguments: String, result: String) throws {
        let identity = "\(tool):\(clientID)"
        try write {
            try db.run(
                "INSERT INTO client_keys(tool, client_id, arguments, result, created) VALUES (?, ?, ?, ?, ?)",
                [.text(tool), .text(clientID),
                 try storedValue(arguments, table: "client_keys", uuid: identity, column: "arguments", kind: "client_id answers"),
                 try storedValue(result, table: "client_keys", uuid: identity, column: "result", kind: "client_id answers"),
                 DatabaseValue(TaskStore.wholeSeconds(now))])
        }
    }
}
