import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

@Suite struct ConcurrencyTests {
    @Test func twoConnectionsInTwoThreadsLoseNoRow() async throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("shared.sqlite")
        try TaskStore(path: path).bootstrap()
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    // Each writer owns its connection, on its own thread.
                    try await withCheckedThrowingContinuation { continuation in
                        Thread {
                            do {
                                let store = try TaskStore(path: path)
                                for i in 0..<1000 {
                                    _ = try Tasks(store).createTask(TaskDraft(title: "w\(writer)-\(i)", contexts: ["w\(writer)"]))
                                }
                                continuation.resume(returning: 1000)
                            } catch {
                                continuation.resume(throwing: error)
                            }
                        }.start()
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(results == 2000)
        let store = try TaskStore(path: path)
        let all = try Tasks(store).tasks(TaskQuery(filter: .all))
        #expect(all.count == 2000)
        #expect(Set(all.map(\.title)).count == 2000)
        #expect(try Tasks(store).tasks(TaskQuery(context: "w0")).count == 1000)
        #expect(try Tasks(store).tasks(TaskQuery(context: "w1")).count == 1000)
    }

    @Test func twoConnectionsOpeningAFreshFileAtOnceMigrateOnce() async throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("fresh.sqlite")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let store = try TaskStore(path: path)
                    try store.bootstrap()
                }
            }
            try await group.waitForAll()
        }
        let store = try TaskStore(path: path)
        #expect(try Projects(store).lists().map(\.name) == ["Inbox"])
        #expect(try Projects(store).stages().count == TaskStore.builtInStages.count)
        #expect(try store.storedSchemaVersion() == TaskStore.schemaVersion)
    }
}
