import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

@Suite struct DatabaseFileTests {
    func snapshot(_ path: String) throws -> (Data, Date?) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let mtime = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        return (data, mtime)
    }

    @Test(arguments: ["hello, this is my shopping list\n", "SQLite format 2\u{0}xxxxxxxxxxxxxxxxxxxxx", "{}", "SQLite"])
    func notADatabaseIsLeftUntouched(content: String) throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("notes.txt")
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        let before = try snapshot(path)
        #expect(throws: TaskStoreError.notADatabase(path: path, reason: "not SQLite")) { try TaskStore(path: path) }
        let after = try snapshot(path)
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test func corruptDatabaseWithValidHeaderIsNotADatabase() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("bad.sqlite")
        var bytes = Array("SQLite format 3".utf8) + [0]
        bytes += [UInt8](repeating: 0xAB, count: 4096)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let before = try snapshot(path)
        #expect(throws: TaskStoreError.self) { try TaskStore(path: path) }
        #expect(try snapshot(path).0 == before.0)
    }

    @Test func folderIsNotADatabase() throws {
        let dir = TemporaryDirectory("store")
        #expect(throws: TaskStoreError.notADatabase(path: dir.url.path, reason: "a folder")) { try TaskStore(path: dir.url.path) }
    }

    @Test func readOnlyFileIsLeftUntouched() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("ro.sqlite")
        do {
            let store = try TaskStore(path: path)
            try store.bootstrap()
            _ = try Tasks(store).createTask(TaskDraft(title: "existing"))
        }
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        chmod(path, 0o444)
        let before = try snapshot(path)
        #expect(throws: TaskStoreError.readOnly(path: path)) { try TaskStore(path: path) }
        let after = try snapshot(path)
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func readOnlyFolderIsRefused() throws {
        let dir = TemporaryDirectory("store")
        let folder = dir.path("locked")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o555)
        let path = folder + "/new.sqlite"
        #expect(throws: TaskStoreError.readOnly(path: path)) { try TaskStore(path: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        chmod(folder, 0o755)
    }

    @Test func emptyFileBecomesADatabase() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("empty.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try TaskStore(path: path)
        try store.bootstrap()
        #expect(try Projects(store).lists().count == 1)
    }

    @Test func missingFolderIsAClearError() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("no/such/folder/db.sqlite")
        do {
            _ = try TaskStore(path: path)
            Issue.record("opened a file in a missing folder")
        } catch let TaskStoreError.persistence(code, message, _) {
            #expect(code == 14 && message.contains("does not exist"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("no")))
    }
}
