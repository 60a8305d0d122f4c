import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport

/// The races of issue 41 with real processes: `tasker approve ID & tasker approve ID & wait` and
/// `tasker approve ID & tasker reject ID & wait`, 20 requests each (the 200-trial runs are in
/// process: ApprovalRaceTests, WebApprovalRaceTests). The call runs once, never while the request
/// ends rejected, and the loser prints one line naming who decided.
@Suite(.serialized) struct ApprovalRaceEndToEndTests {
    let directory = TemporaryDirectory("approval-race")
    var db: String { directory.path("t.sqlite") }
    static let trials = 20

    /// An agent whose write:tasks asks, and `trials` pending create_task requests ("Race 1" …).
    func requests() throws -> [String] {
        let added = try TaskerBinary.run(["--db", db, "--now", "2026-12-02T10:30", "agent", "add", "racer", "--scopes", "read,write:tasks"])
        let key = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        var lines = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#]
        for trial in 1...Self.trials {
            lines.append(#"{"jsonrpc":"2.0","id":\#(trial),"method":"tools/call","params":{"name":"create_task","arguments":{"title":"Race \#(trial)"}}}"#)
        }
        let replies = try TaskerBinary.run(["--db", db, "--now", "2026-12-02T10:30", "mcp"], stdin: lines.joined(separator: "\n") + "\n",
                                           environment: ["TASKER_AGENT_KEY": key])
        let ids = replies.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0))["result"]?["structuredContent"]?["approval_id"]?.stringValue }
        #expect(ids.count == Self.trials, "\(replies.stdout)\(replies.stderr)")
        return ids
    }

    /// Each request decided by `first` and `second` at once, as two processes; their stderr lines.
    func race(_ ids: [String], _ first: String, _ second: String) throws -> [String] {
        var lines: [String] = []
        for id in ids {
            let processes = [first, second].map { verb in
                let process = Process()
                process.executableURL = TaskerBinary.url
                process.arguments = ["--db", db, verb, id]
                process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "Europe/London", "NO_COLOR": "1"]
                process.standardInput = FileHandle.nullDevice
                process.standardOutput = FileHandle.nullDevice
                let errors = Pipe()
                process.standardError = errors
                return (process, errors)
            }
            for (process, _) in processes { try process.run() }
            for (process, errors) in processes {
                let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                lines += text.split(separator: "\n").map(String.init)
            }
        }
        return lines
    }

    @Test func twoApproveProcessesRunACallOnce() throws {
        let ids = try requests()
        let lines = try race(ids, "approve", "approve")
        let store = try TaskStore(path: db)
        let approved = try store.receipts().filter { $0.decision == "approved" }
        #expect(approved.count == Self.trials && Set(approved.compactMap(\.approvalID)).count == Self.trials, "\(approved.count) approved receipts")
        let doubled = try store.db.scalar("SELECT count(*) FROM (SELECT title FROM tasks GROUP BY title HAVING count(*) > 1)") ?? -1
        #expect(doubled == 0, "\(doubled) of \(Self.trials) calls ran twice")
        #expect(lines.count == Self.trials && lines.allSatisfy { $0.contains("is already decided (") && $0.contains(" by tasker approve (pid ") },
                "\(lines)")
    }

    @Test func approveAndRejectProcessesNeverBothTakeEffect() throws {
        let ids = try requests()
        _ = try race(ids, "approve", "reject")
        let store = try TaskStore(path: db)
        var ranButRejected = 0
        for (index, id) in ids.enumerated() {
            let status = try #require(try Approvals(store).approval(id: id)).status
            let ran = try store.db.scalar("SELECT count(*) FROM tasks WHERE title = ?", [.text("Race \(index + 1)")]) ?? -1
            if (status == .rejected && ran != 0) || (status == .executed && ran != 1) || ![.rejected, .executed].contains(status) { ranButRejected += 1 }
        }
        #expect(ranButRejected == 0, "\(ranButRejected) of \(Self.trials) requests ran while rejected (or did not end decided)")
    }

    /// A decider that died after claiming (its claim written straight to the file here): `tasker
    /// approvals` shows it being approved, then interrupted after a minute, and `tasker approve`
    /// then runs it, once.
    @Test func anInterruptedApprovalIsListedAndDecidedAgain() throws {
        let id = try #require(try requests().first)
        let zone = TimeZone(identifier: "Europe/London")!
        let claimed = try #require(ISODate.parse("2026-12-02T10:31:00+00:00", in: zone))
        let store = try TaskStore(path: db, clock: { claimed }, timeZone: zone)
        #expect(try Approvals(store).claim(id: id, by: "tasker approve (pid 99999)", token: "gone") != nil)
        func tasker(_ arguments: [String], at time: String) throws -> TaskerBinary.Result {
            try TaskerBinary.run(["--db", db, "--now", time] + arguments)
        }
        let running = try tasker(["approvals"], at: "2026-12-02T10:31")
        #expect(running.stdout.contains("\(id) racer create_task") && running.stdout.contains("(being approved by tasker approve (pid 99999) since"), "\(running.stdout)")
        let refused = try tasker(["approve", id], at: "2026-12-02T10:31")
        #expect(refused.status == 1 && refused.stderr == "tasker: \(id) is already decided (being approved by tasker approve (pid 99999) right now)\n", "\(refused.stderr)")
        let interrupted = try tasker(["approvals"], at: "2026-12-02T10:33")
        #expect(interrupted.stdout.contains("(interrupted: tasker approve (pid 99999) began approving it at"), "\(interrupted.stdout)")
        #expect(try tasker(["approve", id], at: "2026-12-02T10:33").status == 0)
        #expect(try store.db.scalar("SELECT count(*) FROM tasks WHERE title = 'Race 1'") == 1)
        #expect(try tasker(["approve", id], at: "2026-12-02T10:34").stderr.contains("is already decided (executed by tasker approve (pid "))
    }
}
