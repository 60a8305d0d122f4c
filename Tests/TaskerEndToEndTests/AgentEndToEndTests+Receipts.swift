import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// Receipts an attacker with the database cannot rewrite: with the triggers dropped through the real
/// `sqlite3` shell, cutting off the last receipts, appending a forged one and rewriting the whole chain
/// with plain SHA-256 (as the chain was before it was keyed) are each named by `receipts --verify`.
extension AgentEndToEndTests {
    var sqliteShell: String { "/usr/bin/sqlite3" }

    func sqlite(_ sql: String) throws -> TaskerBinary.Result {
        try TaskerBinary.run(["-separator", "|", db, sql], input: Data(), executable: URL(fileURLWithPath: sqliteShell))
    }

    /// Four receipts from a read-only agent: two allowed, two denied.
    func fourReceipts() throws {
        let key = try addAgent("bot", scopes: "read")
        _ = try mcp(key: key, [("list_tasks", [:]), ("complete_task", ["id": 1]), ("list_projects", [:]), ("delete_task", ["id": 1])])
        let verified = try tasker(["receipts", "--verify"])
        #expect(verified.status == 0 && verified.stdout.contains("4 receipts, chain intact"), "\(verified.stderr)")
        #expect(try tasker(["receipts"]).stdout.components(separatedBy: " denied").count == 3)
    }

    /// The plain SHA-256 of a receipt, as the chain was hashed before it was keyed.
    func plainHash(_ fields: [String], previous: String) -> String {
        SHA256.hex(([previous] + fields).joined(separator: "|"))
    }

    @Test func cuttingOffTheLastReceiptsIsNamed() throws {
        guard FileManager.default.isExecutableFile(atPath: sqliteShell) else { print("SKIPPED: no sqlite3"); return }
        try fourReceipts()
        let cut = try sqlite("DROP TRIGGER receipts_no_delete; DELETE FROM receipts WHERE seq >= 3;")
        #expect(cut.status == 0, "\(cut.stderr)")
        let verify = try tasker(["receipts", "--verify"])
        #expect(verify.status == 1)
        #expect(verify.stderr.contains("receipts #3–#4 are missing"), "\(verify.stderr)")
    }

    /// Issue 41: the tail cut, or the table emptied, or the key folder moved away and the table
    /// emptied, then 10 more agent calls: `--verify` still exits 1 naming the gap, until the owner
    /// runs `tasker receipts --accept-reset`, itself receipted.
    @Test func aCutChainStaysNamedAfterTenMoreCallsUntilTheOwnerAcceptsIt() throws {
        guard FileManager.default.isExecutableFile(atPath: sqliteShell) else { print("SKIPPED: no sqlite3"); return }
        try fourReceipts()
        let key = try tasker(["agent", "add", "later", "--scopes", "read"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = db + ".receipts"
        for (attack, expected) in [
            ("DELETE FROM receipts WHERE seq >= 3;", "receipts #3–#4 are missing: the chain jumps from #2 to #5"),
            // (After the first accepted reset, the receipts it froze are the ones found gone.)
            ("DELETE FROM receipts;", "where the owner accepted a reset, were changed or removed since"),
            ("move", "the receipts signed with an earlier receipts key"),
        ] {
            if attack == "move" {
                try FileManager.default.moveItem(atPath: folder, toPath: folder + ".away")
                #expect(try sqlite("DROP TRIGGER IF EXISTS receipts_no_delete; DELETE FROM receipts;").status == 0)
            } else {
                #expect(try sqlite("DROP TRIGGER IF EXISTS receipts_no_delete; " + attack).status == 0)
            }
            _ = try mcp(key: key, Array(repeating: ("list_tasks", [:]), count: 10))
            let verify = try tasker(["receipts", "--verify"])
            #expect(verify.status == 1 && verify.stderr.contains(expected), "\(attack): \(verify.stderr)")
            let accepted = try tasker(["receipts", "--accept-reset"])
            #expect(accepted.status == 0 && accepted.stdout.hasPrefix("accepted from receipt #"), "\(accepted.stdout)\(accepted.stderr)")
            #expect(try tasker(["receipts"]).stdout.contains("receipts_accept_reset reset"))
            let after = try tasker(["receipts", "--verify"])
            #expect(after.status == 0 && after.stdout.contains("chain intact"), "\(attack): \(after.stderr)")
            if attack == "move" { try FileManager.default.removeItem(atPath: folder + ".away") }
        }
    }

    @Test func aForgedReceiptAppendedIsNamed() throws {
        guard FileManager.default.isExecutableFile(atPath: sqliteShell) else { print("SKIPPED: no sqlite3"); return }
        try fourReceipts()
        let last = try sqlite("SELECT hash FROM receipts WHERE seq = 4").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let fields = ["5", "1796212800", "1", "delete_task", SHA256.hex("{\"id\":1}"), SHA256.hex("{\"ok\":true}"), "approved", "apr_forged"]
        // As the chain was hashed before it was keyed, then with a made-up MAC in the keyed form.
        let insert = "INSERT INTO receipts VALUES (5, 1796212800, 1, 'delete_task', '\(fields[4])', '\(fields[5])', 'approved', 'apr_forged', '\(last)', "
        for (index, hash) in [plainHash(fields, previous: last), "hmac:" + plainHash(fields, previous: last)].enumerated() {
            let clear = index == 0 ? "" : "DROP TRIGGER IF EXISTS receipts_no_delete; DELETE FROM receipts WHERE seq = 5; "
            let forged = try sqlite(clear + insert + "'\(hash)');")
            #expect(forged.status == 0, "\(forged.stderr)")
            #expect(try tasker(["receipts"]).stdout.contains("delete_task approved"))
            let verify = try tasker(["receipts", "--verify"])
            #expect(verify.status == 1)
            #expect(verify.stderr.contains("receipt #5 "), "\(verify.stderr)")
        }
    }

    @Test func theWholeChainRewrittenAndRehashedWithPlainSHA256IsNamed() throws {
        guard FileManager.default.isExecutableFile(atPath: sqliteShell) else { print("SKIPPED: no sqlite3"); return }
        try fourReceipts()
        let rows = try sqlite("SELECT seq, ts, agent_id, tool, arguments_sha256, result_sha256, decision, ifnull(approval_id, '') FROM receipts ORDER BY seq")
            .stdout.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 4)
        var script = "DROP TRIGGER receipts_no_update; "
        var previous = String(repeating: "0", count: 64)
        for var fields in rows {
            if fields[6] == "denied" { fields[6] = "allowed" }
            let hash = plainHash(fields, previous: previous)
            script += "UPDATE receipts SET decision = '\(fields[6])', prev_hash = '\(previous)', hash = '\(hash)' WHERE seq = \(fields[0]); "
            previous = hash
        }
        let rewritten = try sqlite(script)
        #expect(rewritten.status == 0, "\(rewritten.stderr)")
        #expect(try sqlite("SELECT count(*) FROM receipts WHERE decision = 'denied'").stdout.hasPrefix("0"))
        let verify = try tasker(["receipts", "--verify"])
        #expect(verify.status == 1)
        #expect(verify.stderr.contains("receipt #1 "), "\(verify.stderr)")
    }
}
