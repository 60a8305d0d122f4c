import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

@Suite struct SchemaTests {
    /// Any change to the schema fails here until a new migration and its fixture are added.
    /// To write the fixture after adding a migration: TASKER_WRITE_SCHEMA_FIXTURE=1 swift test --filter SchemaTests
    @Test func liveSchemaMatchesFrozenFixture() throws {
        let f = try Fixture(bootstrap: false)
        let live = try f.store.schemaSnapshot()
        let url = FixtureFile.url("schema/v\(TaskStore.schemaVersion).sql")
        if ProcessInfo.processInfo.environment["TASKER_WRITE_SCHEMA_FIXTURE"] == "1" {
            try live.write(to: url, atomically: true, encoding: .utf8)
        }
        let frozen = try String(contentsOf: url, encoding: .utf8)
        #expect(live == frozen)
        #expect(try f.store.storedSchemaVersion() == TaskStore.schemaVersion)
        #expect(TaskStore.schemaVersion == SchemaMigration.all.count)
        #expect(TaskStore.schemaVersion == 23)
    }

    /// Each frozen fixture is what its migrations produce when applied alone, in order.
    @Test(arguments: 1...SchemaMigration.all.count) func migrationsUpToVersionMatchTheirFixture(version: Int) throws {
        let dir = TemporaryDirectory("store")
        let db = try Database(path: dir.path("v\(version).sqlite"))
        for migration in SchemaMigration.all.prefix(version) { try db.execute(migration.sql) }
        let frozen = try String(contentsOf: FixtureFile.url("schema/v\(version).sql"), encoding: .utf8)
        #expect(try SchemaSnapshot.text(of: db) == frozen)
    }

    @Test func migrationNamesAreUnique() {
        let names = SchemaMigration.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.prefix(2) == ["v1-initial", "v2-recurrence-anchor-day"])
    }

    /// A file written by a v1 build (only the v1 migration applied) is migrated on open, keeps its
    /// rows, and its old monthly task (no stored anchor) uses its due's day, then keeps that anchor.
    @Test func v1DatabaseIsMigratedAndKeepsItsTasks() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("v1.sqlite")
        do {
            let db = try Database(path: path)
            try db.execute(SchemaMigration.v1.sql)
            try db.execute(
                """
                INSERT INTO lists(id, name, is_default, created) VALUES (1, 'Inbox', 1, 1767225600);
                INSERT INTO tasks(id, title, title_key, due, priority, list_id, recur_frequency, recur_interval,
                    recur_weekdays, created, updated)
                VALUES (7, 'Pay rent', 'pay rent', \(Int(at("2026-01-31T09:00").timeIntervalSince1970)), 2, 1, 'monthly', 1, '',
                    1767225600, 1767225600);
                INSERT INTO tasks(id, title, title_key, priority, list_id, created, updated)
                VALUES (8, 'Call Ana', 'call ana', 1, 1, 1767225600, 1767225600);
                PRAGMA user_version = 1;
                """)
        }
        let clock = TestClock(at("2026-01-30T08:00"))
        let store = try TaskStore(path: path, clock: { clock.now }, timeZone: utc)
        #expect(try store.storedSchemaVersion() == TaskStore.schemaVersion)
        #expect(try store.db.scalar("PRAGMA application_id") == Int64(DatabaseFile.applicationID), "a file from before the mark is marked")
        let frozen = try String(contentsOf: FixtureFile.url("schema/v\(TaskStore.schemaVersion).sql"), encoding: .utf8)
        #expect(try store.schemaSnapshot() == frozen)
        let rent = try Tasks(store).task(TaskID(7))
        #expect(rent.title == "Pay rent" && rent.priority == .high && rent.list == "Inbox")
        #expect(rent.due == at("2026-01-31T09:00") && rent.recurrence == RecurrenceRule(frequency: .monthly))
        #expect(try Tasks(store).task(TaskID(8)).title == "Call Ana")
        #expect(try Tasks(store).storedAnchorDay(TaskID(7)) == nil)
        try store.bootstrap()
        #expect(try Projects(store).lists().map(\.name) == ["Inbox"])
        let feb = try #require(try Tasks(store).completeTask(TaskID(7)).next)
        #expect(feb.due == at("2026-02-28T09:00"))
        #expect(try Tasks(store).storedAnchorDay(feb.id) == 31)
        #expect(try Tasks(store).completeTask(feb.id).next?.due == at("2026-03-31T09:00"))
        #expect(try Tasks(store).tasks(TaskQuery(filter: .all)).count == 4)
        // Opening again does not migrate again.
        #expect(try TaskStore(path: path, timeZone: utc).storedSchemaVersion() == TaskStore.schemaVersion)
    }

    /// A v4 file's recurring rows are linked into series by what completeTask copied (title, rule,
    /// list, project), named by the earliest row's UUID; one-off tasks get none.
    @Test func v4RecurringRowsAreLinkedIntoSeries() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("v4.sqlite")
        do {
            let db = try Database(path: path)
            for migration in SchemaMigration.all.prefix(4) { try db.execute(migration.sql) }
            try db.execute(
                """
                INSERT INTO lists(id, name, is_default, created) VALUES (1, 'Inbox', 1, 0);
                INSERT INTO tasks(id, title, title_key, priority, list_id, recur_frequency, recur_interval, status, created, updated, uuid)
                VALUES (1, 'Stretch', 'stretch', 1, 1, 'daily', 1, 'done', 100, 100, 'a'),
                       (2, 'Stretch', 'stretch', 1, 1, 'daily', 1, 'done', 200, 200, 'b'),
                       (3, 'Stretch', 'stretch', 1, 1, 'daily', 1, 'open', 300, 300, 'c'),
                       (4, 'Stretch', 'stretch', 1, 1, 'weekly', 1, 'open', 50, 50, 'd'),
                       (5, 'Stretch', 'stretch', 1, 1, NULL, NULL, 'open', 10, 10, 'e');
                PRAGMA user_version = 4;
                """)
        }
        let store = try TaskStore(path: path, timeZone: utc)
        #expect(try store.storedSchemaVersion() == TaskStore.schemaVersion)
        #expect(try store.db.prepare("SELECT series FROM tasks ORDER BY id").rows { $0.optionalString(0) } == ["a", "a", "a", "d", nil])
    }

    @Test func reopeningDoesNotMigrateAgain() throws {
        let f = try Fixture()
        _ = try f.add("keep me")
        let again = try f.reopen()
        #expect(try again.storedSchemaVersion() == TaskStore.schemaVersion)
        #expect(try Tasks(again).tasks(TaskQuery()).map(\.title) == ["keep me"])
    }

    /// The version after this build's is the first it does not know; 99 is far in the future.
    @Test(arguments: [SchemaMigration.all.count + 1, 99]) func newerSchemaIsRefused(version: Int) throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("future.sqlite")
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE x(y); PRAGMA user_version = \(version); PRAGMA application_id = \(DatabaseFile.applicationID)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: TaskStoreError.schemaTooNew(found: version, supported: TaskStore.schemaVersion)) { try TaskStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func connectionSettings() throws {
        let f = try Fixture()
        #expect(try f.store.db.prepare("PRAGMA journal_mode").first { $0.string(0) } == "wal")
        #expect(try f.store.db.scalar("PRAGMA foreign_keys") == 1)
        #expect(try f.store.db.scalar("PRAGMA synchronous") == 1)
        #expect(try f.store.db.scalar("PRAGMA busy_timeout") == 5000)
    }

    @Test func transactionRollsBackAndKeepsTheRealError() throws {
        let f = try Fixture()
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try f.store.db.transaction {
                try f.store.db.execute("INSERT INTO lists(name, created) VALUES ('Temp', 0)")
                throw Boom()
            }
        }
        #expect(try Projects(f.store).lists().map(\.name) == ["Inbox"])
        #expect(!f.store.db.isInTransaction)
    }

    @Test func sqlErrorsCarryCodeAndSQLButNoBoundValues() throws {
        let f = try Fixture()
        do {
            try f.store.mapErrors { try f.store.db.run("INSERT INTO lists(name, created) VALUES (?, 0)", [.text("Inbox-secret")]) }
            try f.store.mapErrors { try f.store.db.run("INSERT INTO lists(name, created) VALUES (?, 0)", [.text("Inbox-secret")]) }
            Issue.record("expected a unique constraint failure")
        } catch let TaskStoreError.persistence(code, message, sql) {
            #expect(code & 0xFF == 19)
            #expect(sql?.contains("INSERT INTO lists") == true)
            #expect(!message.contains("secret") && !(sql ?? "").contains("secret"))
        }
    }
}
