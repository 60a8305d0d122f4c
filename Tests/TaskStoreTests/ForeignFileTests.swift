import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

/// Files that are not Tasker's: someone else's SQLite database, a FIFO, a link to nothing. Each is
/// refused before SQLite writes anything, with one line that says what the file is.
@Suite struct ForeignFileTests {
    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A SQLite database made by another program, with `sql` as its schema and a row or two.
    func foreignDatabase(_ path: String, _ sql: String) throws {
        let db = try Database(path: path)
        try db.execute(sql)
    }

    @Test(arguments: [
        "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers(name) VALUES ('Ada');",
        "CREATE TABLE tasks(id INTEGER PRIMARY KEY, what TEXT); INSERT INTO tasks(what) VALUES ('theirs'); PRAGMA user_version = 1;",
        "CREATE TABLE t(x); PRAGMA application_id = 1234;",
        "PRAGMA application_id = 42;",
    ])
    func someoneElsesDatabaseIsLeftByteIdentical(sql: String) throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("theirs.sqlite")
        try foreignDatabase(path, sql)
        let before = try bytes(path)
        do {
            _ = try TaskStore(path: path)
            Issue.record("a foreign database was opened")
        } catch let error as TaskStoreError {
            guard case .notTasker = error else { Issue.record("wrong error: \(error)"); return }
            #expect(!error.description.contains("\n"), "one line: \(error.description)")
            #expect(error.description.contains("not Tasker's"))
        }
        #expect(try bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "journal mode was switched before refusing")
    }

    @Test func newDatabaseCarriesTheMarkAndReopens() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("new.sqlite")
        do { try TaskStore(path: path).bootstrap() }
        let data = try bytes(path)
        // The application id is the big-endian 32-bit integer at offset 68 of the header.
        let mark = data[68..<72].reduce(0) { $0 << 8 | UInt32($1) }
        #expect(mark == UInt32(DatabaseFile.applicationID))
        #expect(throws: Never.self) { try TaskStore(path: path) }
    }

    @Test func emptyFileAndEmptyDatabaseBecomeTasker() throws {
        let dir = TemporaryDirectory("store")
        let empty = dir.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: Never.self) { try TaskStore(path: empty).bootstrap() }
        let blank = dir.path("blank.sqlite")
        try foreignDatabase(blank, "PRAGMA user_version = 0;")
        #expect(throws: Never.self) { try TaskStore(path: blank).bootstrap() }
    }

    @Test func fifoIsRefusedWithoutOpening() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: TaskStoreError.notADatabase(path: path, reason: "a FIFO (named pipe)")) { try TaskStore(path: path) }
    }

    @Test func danglingSymlinkSaysWhatItIs() throws {
        let dir = TemporaryDirectory("store")
        let path = dir.path("link.sqlite")
        let target = dir.path("gone/tasker.sqlite")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(throws: TaskStoreError.danglingLink(path: path, target: target)) { try TaskStore(path: path) }
    }

    @Test func symlinkToADatabaseIsFollowed() throws {
        let dir = TemporaryDirectory("store")
        let real = dir.path("real.sqlite")
        do { try TaskStore(path: real).bootstrap(); _ = try Tasks(TaskStore(path: real)).createTask(TaskDraft(title: "kept")) }
        let link = dir.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        #expect(try Tasks(TaskStore(path: link)).tasks(TaskQuery()).map(\.title) == ["kept"])
    }
}

/// Text is stored with its byte length: NUL and everything after it survive.
@Suite struct ExactBytesTests {
    @Test func nulInsideTitleNotesAndBodyIsKept() throws {
        let dir = TemporaryDirectory("store")
        let store = try TaskStore(path: dir.path("t.sqlite"))
        try store.bootstrap()
        let task = try Tasks(store).createTask(TaskDraft(title: "before\u{0}after", notes: "n1\u{0}n2"))
        let page = try Pages(store).createPage(title: "p\u{0}q", body: "line\u{0}\u{0}rest")
        let reopened = try TaskStore(path: dir.path("t.sqlite"))
        let stored = try Tasks(reopened).task(task.id)
        #expect(Array(stored.title.utf8) == Array("before\u{0}after".utf8))
        #expect(stored.notes.map { Array($0.utf8) } == Array("n1\u{0}n2".utf8))
        #expect(try Pages(reopened).page(page.id).body == "line\u{0}\u{0}rest")
        #expect(try Pages(reopened).page(page.id).title == "p\u{0}q")
    }

    @Test func emptyTextIsTextNotNull() throws {
        let dir = TemporaryDirectory("store")
        let store = try TaskStore(path: dir.path("t.sqlite"))
        try store.bootstrap()
        let task = try Tasks(store).createTask(TaskDraft(title: "x", notes: ""))
        #expect(try Tasks(store).task(task.id).notes == "")
    }

    @Test(arguments: ["Proj\u{0}B", "tab\there", "esc\u{1B}[2J"])
    func namesWithControlCharactersAreRefused(name: String) throws {
        let dir = TemporaryDirectory("store")
        let store = try TaskStore(path: dir.path("t.sqlite"))
        try store.bootstrap()
        _ = try Projects(store).createProject(name: "Proj\u{0}A".replacingOccurrences(of: "\u{0}", with: " "))
        #expect(throws: TaskStoreError.self) { try Projects(store).createProject(name: name) }
        #expect(throws: TaskStoreError.self) { try Pages(store).createSpace(name: name) }
        #expect(throws: TaskStoreError.self) { try Projects(store).createList(name: name) }
    }
}
