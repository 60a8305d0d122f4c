import Foundation
import TaskCore

/// Idempotency keys: a call a client names with its own id runs once; a repeat gets the first answer.
extension TaskStore {
    /// What an earlier call with this tool and client id answered, and the arguments it was given.
    public func clientKey(tool: String, clientID: String) throws -> (arguments: String, result: String)? {
        try read {
            try db.cached("SELECT arguments, result FROM client_keys WHERE tool = ? AND client_id = ?")
                .bind([.text(tool), .text(clientID)]).first { ($0.string(0), $0.string(1)) }
        }
    }

    /// Records the answer to a call named by a client id; in the caller's transaction when there is one,
    /// so the key and the write it answers commit together.
    public func recordClientKey(tool: String, clientID: String, arguments: String, result: String) throws {
        try write {
            try db.run(
                "INSERT INTO client_keys(tool, client_id, arguments, result, created) VALUES (?, ?, ?, ?, ?)",
                [.text(tool), .text(clientID), .text(arguments), .text(result), DatabaseValue(TaskStore.wholeSeconds(now))])
        }
    }
}
