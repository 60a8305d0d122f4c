import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

/// v4: every task, project, space and page has its own UUID; a delete leaves a tombstone.
@Suite struct IdentityTests {
    /// Rows that existed before v4 get a random version 4 UUID; new rows a time-ordered version 7.
    nonisolated(unsafe) static let uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[47][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

    func uuids(_ store: TaskStore, _ table: String) throws -> [String] {
        try store.db.prepare("SELECT uuid FROM \(table) ORDER BY id").rows { $0.string(0) }
    }

    @Test func newUUIDsAreVersion7InTimeOrder() {
        let earlier = TaskStore.newUUID(now: Date(timeIntervalSince1970: 1_767_225_600))
        let later = TaskStore.newUUID(now: Date(timeIntervalSince1970: 1_767_225_600.001))
        #expect(earlier.hasPrefix("019b76da-a800-7"), "48 bits of Unix milliseconds first: \(earlier)")
        #expect(earlier < later)
        let many = (0..<10_000).map { _ in TaskStore.newUUID() }
        #expect(Set(many).count == many.count)
        #expect(many.allSatisfy { $0.wholeMatch(of: /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) != nil })
    }

    @Test func newRowsGetDistinctUUIDs() throws {
        let f = try Fixture()
        let tasks = try Tasks(f.store).createTasks((0..<200).map { TaskDraft(title: "Task \($0)") })
        _ = try Projects(f.store).createProject(name: "Home")
        _ = try Pages(f.store).createSpace(name: "Notes")
        _ = try Pages(f.store).createPage(title: "Plan")
        let all = try ["tasks", "projects", "spaces", "pages"].flatMap { try uuids(f.store, $0) }
        #expect(all.count == 200 + 1 + 2 + 1, "the bootstrap's Personal space counts too")
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { $0.wholeMatch(of: Self.uuidShape) != nil })
        #expect(try Tasks(f.store).taskID(uuid: try Tasks(f.store).uuid(of: tasks[7].id)) == tasks[7].id)
        #expect(try f.store.db.scalar("SELECT count(*) FROM projects WHERE updated = created") == 1)
    }

    /// A file written by a v3 build gets a UUID on every existing row, and keeps its rows and times.
    @Test func v3RowsAreGivenUUIDsByTheMigration() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("v3.sqlite")
        do {
            let db = try Database(path: path)
            for migration in SchemaMigration.all.prefix(3) { try db.execute(migration.sql) }
            try db.execute(
                """
                INSERT INTO lists(id, name, is_default, created) VALUES (1, 'Inbox', 1, 1767225600);
                INSERT INTO projects(id, name, created) VALUES (1, 'Home', 1767225600);
                INSERT INTO spaces(id, name, created) VALUES (1, 'Personal', 1767225600);
                INSERT INTO pages(id, space_id, title, title_key, created, updated) VALUES (1, 1, 'Plan', 'plan', 1767225600, 1767225601);
                INSERT INTO tasks(id, title, title_key, priority, list_id, project_id, created, updated)
                    VALUES (1, 'A', 'a', 1, 1, 1, 1767225600, 1767225700), (2, 'B', 'b', 1, 1, NULL, 1767225600, 1767225800);
                PRAGMA user_version = 3;
                """)
        }
        let store = try TaskStore(path: path, timeZone: utc)
        #expect(try store.storedSchemaVersion() == TaskStore.schemaVersion)
        let all = try ["tasks", "projects", "spaces", "pages"].flatMap { try uuids(store, $0) }
        #expect(all.count == 5 && Set(all).count == 5)
        #expect(all.allSatisfy { $0.wholeMatch(of: Self.uuidShape) != nil })
        #expect(try Tasks(store).task(TaskID(2)).updated == Date(timeIntervalSince1970: 1767225800), "a migration is not an edit")
        #expect(try store.db.scalar("SELECT updated FROM projects") == 1767225600)
    }

    @Test func aDeleteLeavesATombstoneWithTheUUID() throws {
        let f = try Fixture()
        let task = try f.add("Short-lived")
        let uuid = try Tasks(f.store).uuid(of: task.id)
        f.clock.advance(minutes: 5)
        try Tasks(f.store).deleteTask(task.id)
        #expect(try f.store.tombstones() == [TaskStore.Tombstone(kind: .task, uuid: uuid, deleted: at("2026-03-10T10:05"))])
        #expect(try f.store.tombstones(since: at("2026-03-10T10:06")).isEmpty)
        #expect(try Tasks(f.store).taskID(uuid: uuid) == nil)
        #expect(throws: TaskStoreError.taskNotFound(task.id)) { try Tasks(f.store).deleteTask(task.id) }
        #expect(try f.store.tombstones().count == 1, "a failed delete leaves no tombstone")
    }
}
