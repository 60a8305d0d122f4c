import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskAgent

/// A reader keeping up through `list_tasks`' `changes_since` hears of everything an agent undo does:
/// a task it takes away comes in `deleted`, a task it puts back (fields reverted, a delete or a
/// completion taken back) is listed again with what it holds now, while its `updated` (and so the
/// export) is what it was before the agent.
@Suite struct AgentUndoChangesTests {
    typealias Session = AgentUndoSessionTests.Session

    /// A client's copy of the tasks, kept up by `changes_since` alone.
    struct Reader {
        var cursor: String
        var tasks: [Int: JSONValue] = [:]

        /// Starts with every task and the cursor the listing hands on.
        init(_ toolkit: TaskToolkit) throws {
            let all = try toolkit.call("list_tasks", ["filter": "all", "limit": 1000, "fields": ["all"]])
            cursor = try #require(all["changes_cursor"]?.stringValue)
            for task in all["tasks"]?.arrayValue ?? [] { tasks[task["id"]?.intValue ?? 0] = task }
        }

        /// Reads every page of changes since the cursor, applies them, and returns what came:
        /// the ids listed and the ids deleted.
        @discardableResult
        mutating func catchUp(_ toolkit: TaskToolkit, limit: Int = 1000) throws -> (listed: [Int: JSONValue], deleted: Set<Int>) {
            var listed: [Int: JSONValue] = [:], deleted: Set<Int> = []
            var page = try toolkit.call("list_tasks", ["changes_since": .string(cursor), "limit": .int(limit), "fields": ["all"]])
            while true {
                // An id in both was deleted and is taken again: the task listed is what is there now.
                for id in page["deleted"]?.arrayValue?.compactMap(\.intValue) ?? [] {
                    deleted.insert(id)
                    tasks[id] = nil
                }
                for task in page["tasks"]?.arrayValue ?? [] {
                    let id = task["id"]?.intValue ?? 0
                    listed[id] = task
                    tasks[id] = task
                }
                guard page["has_more"] == true, let next = page["next_cursor"]?.stringValue else { break }
                page = try toolkit.call("list_tasks", ["cursor": .string(next), "filter": "all", "limit": .int(limit), "fields": ["all"]])
            }
            cursor = try #require(page["changes_cursor"]?.stringValue)
            return (listed, deleted)
        }
    }

    func allTasks(_ toolkit: TaskToolkit) throws -> [Int: JSONValue] {
        var byID: [Int: JSONValue] = [:]
        for task in try toolkit.call("list_tasks", ["filter": "all", "limit": 1000, "fields": ["all"]])["tasks"]?.arrayValue ?? [] {
            byID[task["id"]?.intValue ?? 0] = task
        }
        return byID
    }

    /// One agent call seen by the reader, then undone: what the reader's next catch-up brings.
    func agentCallThenUndo(_ tool: String, _ arguments: JSONValue) throws
        -> (session: Session, reader: Reader, before: [Int: JSONValue], seen: (listed: [Int: JSONValue], deleted: Set<Int>), after: (listed: [Int: JSONValue], deleted: Set<Int>)) {
        let session = try Session(seed: 1)
        let clock = session.fixture.clock, toolkit = session.fixture.toolkit
        clock.advance(minutes: 5)
        var reader = try Reader(toolkit)
        let before = try allTasks(toolkit)
        clock.advance(minutes: 1)
        let since = clock.now
        _ = try session.gate.call(tool, arguments)
        clock.advance(minutes: 1)
        let seen = try reader.catchUp(toolkit)
        clock.advance(minutes: 1)
        let report = try AgentChanges(session.fixture.store).undo(agentID: session.agentID, agentName: "bot", since: since, dryRun: false)
        #expect(report.changeCount > 0 && report.kept.isEmpty, "\(report.lines(since: "T"))")
        clock.advance(minutes: 1)
        let after = try reader.catchUp(toolkit)
        #expect(reader.tasks == (try allTasks(toolkit)), "the reader's copy is the store's after the undo")
        return (session, reader, before, seen, after)
    }

    @Test func aTaskTheAgentCreatedComesInDeletedAfterTheUndo() throws {
        let run = try agentCallThenUndo("create_task", ["title": "Agent's task", "contexts": ["agent"]])
        let created = try #require(run.seen.listed.values.first { $0["title"] == "Agent's task" }?["id"]?.intValue)
        #expect(run.after.deleted == [created] && run.after.listed[created] == nil)
        #expect(run.reader.tasks[created] == nil)
    }

    @Test func aTaskTheAgentEditedIsListedAgainWithEveryFieldPutBack() throws {
        let run = try agentCallThenUndo(
            "update_task", ["id": 2, "new_title": "Renamed by the agent", "priority": "high", "notes": "the agent's note", "due": "2026-12-20T15:00",
                            "contexts": ["office"]])
        #expect(run.seen.listed[2]?["title"] == "Renamed by the agent")
        let back = try #require(run.after.listed[2], "the reverted task is listed: \(run.after)")
        let before = try #require(run.before[2])
        for field in ["title", "priority", "notes", "due", "contexts", "updated"] {
            #expect(back[field] == before[field], "\(field): \(back[field]?.encoded() ?? "nil") after the undo, \(before[field]?.encoded() ?? "nil") before")
        }
        #expect(back == before, "the task is as it was, its updated time included")
        #expect(run.after.deleted.isEmpty)
    }

    @Test func aTaskTheAgentDeletedIsListedAgainWithItsID() throws {
        let run = try agentCallThenUndo("delete_task", ["id": 4, "children": "orphan"])
        #expect(run.seen.deleted == [4])
        #expect(run.after.listed[4] == run.before[4], "the task is back with its id and as it was")
        #expect(!run.after.deleted.contains(4), "the restored task is not also left in deleted")
        // A reader from before the delete hears of the task once, as listed, not as deleted.
        let early = try run.session.fixture.toolkit.call("list_tasks", ["changes_since": "2026-12-02T10:00:00Z", "limit": 1000])
        #expect(early["deleted"]?.arrayValue?.contains(4) != true && early["tasks"]?.arrayValue?.contains { $0["id"] == 4 } == true)
    }

    @Test func aTaskTheAgentCompletedIsListedAgainOpen() throws {
        let run = try agentCallThenUndo("complete_task", ["id": 1])
        #expect(run.seen.listed[1]?["status"] == "done")
        #expect(run.after.listed[1]?["status"] == "open" && run.after.listed[1] == run.before[1])
    }

    @Test func aPageTheAgentEditedIsListedAgainByListPages() throws {
        let session = try Session(seed: 2)
        let clock = session.fixture.clock, toolkit = session.fixture.toolkit
        clock.advance(minutes: 5)
        let before = try #require(try toolkit.call("read_page", ["page": "Notes"])["page"])
        var cursor = try #require(try toolkit.call("list_pages", [:])["changes_cursor"])
        clock.advance(minutes: 1)
        let since = clock.now
        _ = try session.gate.call("append_to_page", ["page": "Notes", "markdown": "the agent's line"])
        clock.advance(minutes: 1)
        let seen = try toolkit.call("list_pages", ["changes_since": cursor])
        #expect(seen["pages"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Notes"], "\(seen.encoded())")
        cursor = try #require(seen["changes_cursor"])
        clock.advance(minutes: 1)
        let report = try AgentChanges(session.fixture.store).undo(agentID: session.agentID, agentName: "bot", since: since, dryRun: false)
        #expect(report.changeCount > 0 && report.kept.isEmpty)
        clock.advance(minutes: 1)
        let after = try toolkit.call("list_pages", ["changes_since": cursor])
        #expect(after["pages"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Notes"], "the reverted page is listed: \(after.encoded())")
        #expect(try toolkit.call("read_page", ["page": "Notes"])["page"] == before, "the page is as it was, its updated time included")
    }

    /// Random sessions (seeded: creates, edits, completes, deletes, pages), each undone: a reader that
    /// catches up before and after every undo, in small pages, holds exactly the store's tasks.
    @Test func aReaderKeepingUpThroughRandomSessionsAndUndosHoldsTheStoresTasks() throws {
        var session = try Session(seed: 4301)
        let toolkit = session.fixture.toolkit, clock = session.fixture.clock
        var reader = try Reader(toolkit)
        var relisted = 0
        for n in 0..<150 {
            clock.advance(minutes: 5)
            try session.ownerChange(n)
            clock.advance(minutes: 1)
            let since = clock.now
            for step in 0..<(1 + Int(session.random.next() % 6)) {
                try session.agentCall(n * 10 + step)
                if session.random.next() % 2 == 0 { clock.advance(minutes: 1) }
            }
            if session.random.next() % 2 == 0 { try reader.catchUp(toolkit, limit: 3) }
            clock.advance(minutes: 1)
            let report = try AgentChanges(session.fixture.store).undo(agentID: session.agentID, agentName: "bot", since: since, dryRun: false)
            clock.advance(minutes: 1)
            let after = try reader.catchUp(toolkit, limit: 3)
            relisted += report.items.filter { $0.record.hasPrefix("task") && $0.action != .deleted }.count
            for item in report.items where item.record.hasPrefix("task #") && item.action != .deleted {
                let id = Int(item.record.dropFirst("task #".count).prefix { $0.isNumber }) ?? 0
                #expect(after.listed[id] != nil, "session \(n): \(item.record) was put back but not listed")
            }
            #expect(reader.tasks == (try allTasks(toolkit)), "session \(n): the reader's copy differs after the undo: \(report.lines(since: "T"))")
        }
        #expect(relisted > 100, "the sessions put tasks back: \(relisted)")
    }
}
