import Foundation
import Testing
import TaskerTestSupport

/// The task row is declared once in the sources, not only in the layouts: no INSERT of a task is
/// written by hand, and the code that reads or writes task rows reads no column by a counted position
/// (`s.int(4)`), which a new column would shift. A scratch copy with a field added
/// (`scripts/new-field-footprint`) measures the rest: which files a new field touches.
@Suite struct TaskRowSourceTests {
    /// The files that declare task rows and read them (the layout and its columns), whole.
    static let rowFiles = [
        "TaskStore/Core/TaskColumn.swift", "TaskStore/Core/ColumnCodec.swift", "TaskStore/Core/TaskRowLayout.swift",
        "TaskStore/Core/TaskRowValues.swift", "TaskStore/Records/TaskRecord+Row.swift",
    ]

    /// A read of a result column by a number written in the source (`s.optionalString(16)`, `$0.int(4)`).
    static var positionalRead: Regex<(Substring, Substring)> { /\.(int|int64|string|optionalString|optionalInt|optionalInt64|optionalDate|date|isBlob|isNull|bytes)\([0-9]+\)/ }

    static func text(_ relative: String) throws -> String {
        try #require(try SourceTree.swiftFiles().first { $0.path == relative }, "no Sources/\(relative)").text
    }

    static func positionalReads(_ text: Substring) -> [String] { text.matches(of: positionalRead).map { String(text[$0.range]) } }

    @Test(arguments: rowFiles) func aRowFileReadsNoColumnByPosition(_ file: String) throws {
        let text = try Self.text(file)
        #expect(!text.isEmpty)
        #expect(Self.positionalReads(text[...]).isEmpty, "\(file) reads a column by position: read the row through its layout (TaskRowLayout)")
    }

    /// The stored task's row (`TaskStore.taskRow`, the one every listing reads) is declared by name
    /// throughout (the same file resolves list and project names with small queries of their own).
    @Test func theStoredTaskRowReadsNoColumnByPosition() throws {
        let text = try Self.text("TaskStore/Core/TaskStore+TaskRows.swift")
        let start = try #require(text.range(of: "static let taskRow"))
        let end = try #require(text.range(of: "static let prioritiesByRank"))
        #expect(start.upperBound < end.lowerBound)
        let declaration = text[start.upperBound..<end.lowerBound]
        #expect(declaration.contains("TaskColumn"))
        #expect(Self.positionalReads(declaration).isEmpty)
    }

    /// `RecordSets.readTaskRecord` (export and sync read every task through it) reads through the layout.
    @Test func aTaskRecordIsReadByTheLayout() throws {
        let text = try Self.text("TaskStore/Records/RecordSets.swift")
        let start = try #require(text.range(of: "static func readTaskRecord("))
        let body = text[start.upperBound...].prefix { $0 != "}" }
        #expect(body.contains("TaskRecord.row.read"))
        #expect(Self.positionalReads(body).isEmpty)
    }

    /// Every task INSERT (a new task, a restore, an import) is the layout's generated text; migrations
    /// copy tables in SQL of their own.
    @Test func noTaskInsertIsWrittenByHand() throws {
        let files = try SourceTree.swiftFiles()
        #expect(files.count > 100, "the sources were found")
        let spelled = files.filter { file in
            !file.path.hasSuffix("SchemaMigration.swift") && !file.path.hasSuffix("TaskRowLayout.swift") && file.text.contains("INSERT INTO tasks(")
        }.map(\.path)
        #expect(spelled == [], "generate the INSERT from the row's layout (TaskRowLayout.insertSQL)")
        #expect(try Self.text("TaskStore/Core/TaskRowLayout.swift").contains("INSERT INTO tasks("))
    }
}
