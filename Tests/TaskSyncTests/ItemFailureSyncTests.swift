import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskSync
import TaskerTestSupport

/// A server that refuses one item (a 4xx on its PUT or DELETE, injected by the proxy in front of
/// Radicale) costs that item alone: one warning, the task marked "not synced" until a sync writes
/// it, everything else synced. Only transport failures stop a sync.
@Suite(.serialized) struct ItemFailureSyncTests {
    func skipped() -> Bool {
        if CalDAVLab.isAvailable { return false }
        Issue.record("SKIPPED: .venv has no radicale/caldav; run scripts/setup --with-python")
        return true
    }

    @Test func aRefusedPutAndARefusedDeleteAreOneWarningEachAndGoNextTime() throws {
        if skipped() { return }
        let lab = try CalDAVLab()
        defer { lab.stop() }
        let a = try lab.device("a")
        let sync = lab.provider()
        let alpha = try Tasks(a).createTask(TaskDraft(title: "Alpha"))
        let beta = try Tasks(a).createTask(TaskDraft(title: "Beta"))
        let gamma = try Tasks(a).createTask(TaskDraft(title: "Gamma"))
        let betaUUID = try Tasks(a).uuid(of: beta.id), gammaUUID = try Tasks(a).uuid(of: gamma.id)
        #expect(try sync.sync(a).uploaded == 3)

        // Beta renamed, Gamma deleted, Delta new: the server refuses Beta's PUT and Gamma's DELETE.
        var rename = TaskUpdate()
        rename.title = "Beta, renamed"
        _ = try Tasks(a).updateTask(beta.id, rename)
        _ = try Tasks(a).deleteTask(gamma.id, withSubtasks: false)
        let delta = try Tasks(a).createTask(TaskDraft(title: "Delta"))
        try lab.fault(["status": 400, "methods": ["PUT", "DELETE"], "paths": [.string(betaUUID), .string(gammaUUID)]])
        let refused = try sync.sync(a)
        #expect(refused.uploaded == 1)
        #expect(refused.warnings.count == 2, "\(refused.lines)")
        #expect(refused.warnings.contains("not synced 'Beta, renamed': the server refused it (HTTP 400: injected fault); it is sent again next sync"))
        #expect(refused.warnings.contains { $0.hasPrefix("not synced 'Gamma': the server refused to delete it (HTTP 400") })
        let status = sync.status(a)
        #expect(status.line.hasSuffix("; 2 tasks not synced"), "\(status.line)")
        #expect(status.lines.contains("not synced: 'Beta, renamed': the server refused it (HTTP 400: injected fault); it is sent again next sync"))
        #expect(status.lines.contains { $0.hasPrefix("not synced: a task deleted here (\(gammaUUID)): the server refused to delete it") })
        #expect(try SyncFailures(a).byTask() == [beta.id: "the server refused it (HTTP 400: injected fault); it is sent again next sync"])
        var there = try lab.thirdPartyView()
        #expect(there[try Tasks(a).uuid(of: delta.id)]?["summary"] == "Delta")
        #expect(there[betaUUID]?["summary"] == "Beta")
        #expect(there[gammaUUID] != nil)

        // The server takes them again: both go, the marks clear.
        try lab.fault(nil)
        let retried = try sync.sync(a)
        #expect(retried.uploaded == 1 && retried.deletedThere == 1 && retried.warnings.isEmpty, "\(retried.lines)")
        #expect(sync.status(a).failures.isEmpty)
        #expect(try SyncFailures(a).byTask().isEmpty)
        there = try lab.thirdPartyView()
        #expect(there[betaUUID]?["summary"] == "Beta, renamed")
        #expect(there[gammaUUID] == nil)
        #expect(there[try Tasks(a).uuid(of: alpha.id)]?["summary"] == "Alpha")

        // A 5xx or a 403 on one item is not the item's fault: the whole sync fails, as before.
        var again = TaskUpdate()
        again.title = "Alpha, again"
        _ = try Tasks(a).updateTask(alpha.id, again)
        try lab.fault(["status": 503, "methods": ["PUT"], "times": 1])
        #expect {
            try sync.sync(a)
        } throws: { error in
            guard case SyncError.http(_, _, 503) = error else { return false }
            return true
        }
        try lab.fault(["status": 403, "methods": ["PUT"], "times": 1])
        #expect {
            try sync.sync(a)
        } throws: { error in
            guard case SyncError.unauthorized(_, 403) = error else { return false }
            return true
        }
        #expect(try sync.sync(a).uploaded == 1)
    }

    /// A text that would break RFC 5545 is never sent: the server's copy already had two SUMMARY
    /// lines (corrupted on its way by the proxy), a local edit would keep both, so the task is marked
    /// (naming the server's copy, not Tasker, as the culprit) and no PUT for it reaches the server;
    /// the other edits go.
    @Test func anInvalidTextIsMarkedAndNeverSent() throws {
        if skipped() { return }
        let lab = try CalDAVLab()
        defer { lab.stop() }
        try lab.third("create", ["uid": "twice", "summary": "Twice"])
        try lab.fault(["rewrite": ["SUMMARY:Twice", "SUMMARY:Twice\nSUMMARY:Twice again"]])
        let a = try lab.device("a")
        let sync = lab.provider()
        #expect(try sync.sync(a).downloaded == 1)
        try lab.fault(nil)
        let twice = try #require(try Tasks(a).taskID(uuid: "twice"))
        var edit = TaskUpdate()
        edit.priority = .high
        _ = try Tasks(a).updateTask(twice, edit)
        let other = try Tasks(a).createTask(TaskDraft(title: "Other"))
        let log = lab.control + ".log"
        try? FileManager.default.removeItem(atPath: log)
        let report = try sync.sync(a)
        #expect(report.uploaded == 1)
        #expect(report.warnings == ["not synced 'Twice': the server's copy already breaks RFC 5545 (2 SUMMARY); fix or delete it in the app that wrote it"])
        #expect(try SyncFailures(a).byTask()[twice]?.contains("2 SUMMARY") == true)
        let requests = try String(contentsOfFile: log, encoding: .utf8)
        #expect(!requests.contains("PUT /user/tasks/twice.ics"), "\(requests)")
        #expect(requests.contains("PUT /user/tasks/\(try Tasks(a).uuid(of: other.id)).ics"))
    }
}
