import Foundation
import Testing
@testable import TaskCore

@Suite struct SchemaTests {
    /// Any change to the schema fails here until a new migration and its fixture are added.
    /// To write the fixture after adding a migration: TASKER_WRITE_SCHEMA_FIXTURE=1 swift test --filter SchemaTests
    @Test func liveSchemaMatchesFrozenV1() throws {
        let f = try Fixture(bootstrap: false)
        let live = try f.store.schemaSnapshot()
        let url = fixturesURL("schema/v\(TaskStore.schemaVersion).sql")
        if ProcessInfo.processInfo.environment["TASKER_WRITE_SCHEMA_FIXTURE"] == "1" {
            try live.write(to: url, atomically: true, encoding: .utf8)
        }
        let frozen = try String(contentsOf: url, encoding: .utf8)
        #expect(live == frozen)
        #expect(try f.store.storedSchemaVersion() == 1)
        #expect(TaskStore.schemaVersion == SchemaMigration.all.count)
    }

    @Test func reopeningDoesNotMigrateAgain() throws {
        let f = try Fixture()
        _ = try f.add("keep me")
        let again = try f.reopen()
        #expect(try again.storedSchemaVersion() == 1)
        #expect(try again.tasks(TaskQuery()).map(\.title) == ["keep me"])
    }

    @Test func newerSchemaIsRefused() throws {
        let dir = TempDir()
        let path = dir.path("future.sqlite")
        do {
            let db = try Database(path: path)
            try db.execute("CREATE TABLE x(y); PRAGMA user_version = 99")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: TaskStoreError.schemaTooNew(found: 99, supported: 1)) { try TaskStore(path: path) }
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
        #expect(try f.store.lists().map(\.name) == ["Inbox"])
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
