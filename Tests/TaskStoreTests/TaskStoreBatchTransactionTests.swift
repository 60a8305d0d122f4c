import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

/// `inOneTransaction(savepoints:)`, what `call --batch` runs its groups in, and `totalChanges`, how
/// it tells that a failed line had written something.
@Suite struct TaskStoreBatchTransactionTests {
    struct Failure: Error {}

    func rows(_ store: TaskStore) throws -> Int64 { try store.db.scalar("SELECT count(*) FROM tasks") ?? -1 }

    /// An operation that writes a row and then fails, as a line could.
    func writeThenFail(_ store: TaskStore, _ title: String) throws {
        try store.write {
            _ = try Tasks(store).createTask(TaskDraft(title: title))
            throw Failure()
        }
    }

    @Test func withSavepointsAFailedOperationLeavesNothing() throws {
        let f = try Fixture()
        try f.store.inOneTransaction(savepoints: true) {
            _ = try Tasks(f.store).createTask(TaskDraft(title: "kept"))
            let before = f.store.totalChanges
            #expect(throws: Failure.self) { try writeThenFail(f.store, "undone") }
            #expect(f.store.totalChanges > before, "the undone insert still counts: the count is not what tells")
            #expect(try rows(f.store) == 1)
        }
        #expect(try Tasks(f.store).tasks(TaskQuery(filter: .all)).map(\.title) == ["kept"])
    }

    @Test func withoutSavepointsTheChangeCountShowsAFailedWriteAndRollingBackUndoesIt() throws {
        let f = try Fixture()
        let before = f.store.totalChanges
        var ended: (any Error)?
        do {
            try f.store.inOneTransaction(savepoints: false) {
                _ = try Tasks(f.store).createTask(TaskDraft(title: "first"))
                let mark = f.store.totalChanges
                #expect(mark > before)
                #expect(throws: Failure.self) { try writeThenFail(f.store, "half") }
                #expect(f.store.totalChanges != mark, "a failed operation that wrote moves the count")
                #expect(try rows(f.store) == 2, "and its row is still there until the transaction ends")
                let clean = f.store.totalChanges
                #expect(throws: (any Error).self) { _ = try Tasks(f.store).createTask(TaskDraft(title: "x", project: "Missing")) }
                #expect(f.store.totalChanges == clean, "a refusal before any write leaves the count alone")
                throw Failure()
            }
        } catch { ended = error }
        #expect(ended is Failure)
        #expect(try rows(f.store) == 0)
        // Savepoints are back on for the next transaction.
        _ = try f.store.inOneTransaction {
            #expect(throws: Failure.self) { try writeThenFail(f.store, "undone") }
        }
        #expect(try rows(f.store) == 0)
    }
}
