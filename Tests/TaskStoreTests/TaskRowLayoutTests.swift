import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

/// A task row is made from its column declarations (`TaskColumn`, `TaskRowLayout`): the SQL is
/// generated from them and rows are read by the names selected, so a field's column is its
/// declaration and its migration. These hold the declarations to the table and the fields, and show a
/// declaration added with no other change written and read back.
@Suite struct TaskRowLayoutTests {
    /// Columns of `tasks` a record does not write: the row's own id, the parent (set once a whole
    /// set is in, by UUID: `RecordSets.setParent`), the weekdays column schema v17 emptied, and the
    /// second an undo put the row back (`changed`, v23: this database's `changes_since` order, not the task's).
    static let notWrittenByRecords: Set<String> = ["id", "parent_id", "recur_weekdays", "changed"]

    static func tableColumns(_ store: TaskStore) throws -> Set<String> {
        Set(try store.db.prepare("SELECT name FROM pragma_table_info('tasks')").rows { $0.string(0) })
    }

    @Test func everyColumnOfTheTableIsDeclaredForRecords() throws {
        let f = try Fixture()
        let written = Set(TaskRecord.row.insertColumns)
        #expect(written.count == TaskRecord.row.insertColumns.count, "a column written twice: \(TaskRecord.row.insertColumns)")
        #expect(written.union(Self.notWrittenByRecords) == (try Self.tableColumns(f.store)),
                "declare the column in TaskRecord+Row (or say here why records do not carry it)")
        #expect(Set(TaskRecord.row.updateColumns) == written.subtracting(["uuid"]))
    }

    @Test func everyStoredTaskColumnIsATableColumn() throws {
        let f = try Fixture()
        let table = try Self.tableColumns(f.store)
        #expect(Set(TaskStore.taskRow.insertColumns).isSubset(of: table))
        #expect(Set(TaskStore.taskRow.updateColumns) == Set(TaskStore.taskRow.insertColumns).subtracting(["uuid", "recur_anchor_day"]))
    }

    @Test func everyRecordFieldHasAColumn() {
        #expect(Set(TaskRecord.row.columns.compactMap(\.field)) == Set(TaskField.members(at: .record).map(\.field)))
    }

    /// Rows are read by name: the names a layout resolves are the ones SQLite gives the result columns.
    @Test(arguments: [true, false]) func theSelectedNamesAreTheResultColumns(record: Bool) throws {
        let f = try Fixture()
        let (sql, names) = record
            ? (TaskRecord.row.select("LIMIT 0"), TaskRecord.row.names)
            : (TaskStore.taskRow.select("LIMIT 0"), TaskStore.taskRow.names)
        let statement = try f.store.db.prepare(sql)
        #expect((0..<statement.columnCount).map(statement.columnName) == names)
        #expect(Set(names).count == names.count)
    }

    @Test func aFullRecordIsWrittenAndReadBackWhole() throws {
        let f = try Fixture()
        let made = at("2026-03-01T10:00")
        // Every field set, two contexts (lines) and a rule of the other kind (recur_kind).
        var record = FullTaskRecord.make()
        record.contexts = ["phone", "town"]
        record.recurrence = RecurrenceRule(frequency: .monthly, kind: .afterCompletion)
        record.extras = ["x-note": .string("kept")]
        let parent = TaskRecord(uuid: "0190a3b4-0000-7000-8000-000000000003", title: "Trip", created: made, modified: made)
        let set = RecordSet(
            tasks: [record, parent], projects: [ProjectRecord(uuid: "0190a3b4-0000-7000-8000-000000000002", name: "Health", created: made, modified: made)],
            places: [PlaceRecord(uuid: "0190a3b4-0000-7000-8000-000000000005", name: "Clinic", latitude: 51.5, longitude: -0.1, radius: 150,
                                 created: made, modified: made)])
        try RecordSets(f.store).writeRecords(set)
        let read = try RecordSets(f.store).records().tasks.first { $0.uuid == record.uuid }
        #expect(read == record)
        // And again over the row now there (the update path), every field changed back to empty.
        var emptied = TaskRecord(uuid: record.uuid, title: "Dentist again", created: made, modified: at("2026-03-04T10:00"))
        emptied.list = "Inbox"
        try RecordSets(f.store).writeRecords(RecordSet(tasks: [emptied]))
        #expect(try RecordSets(f.store).records().tasks.first { $0.uuid == record.uuid } == emptied)
    }

    /// A new column is its declaration (and its migration): here one field moves to a column the
    /// test adds, by changing the declaration alone, and is written, updated and read back there.
    @Test func aDeclaredColumnIsWrittenAndReadWithNoOtherChange() throws {
        let f = try Fixture()
        try f.store.db.execute("ALTER TABLE tasks ADD COLUMN effort TEXT")
        let columns = TaskRecord.row.columns.filter { $0.field != .series } + [.column(.series, "effort", { $0.series }, { $0.series = $1 }, .optionalText)]
        let layout = TaskRowLayout<TaskRecord>(columns, from: TaskRecord.row.from) {
            TaskRecord(uuid: "", title: "", created: Date(timeIntervalSince1970: 0), modified: Date(timeIntervalSince1970: 0))
        }
        #expect(layout.insertColumns.contains("effort") && !layout.insertColumns.contains("series"))
        let made = at("2026-03-01T10:00")
        var record = TaskRecord(uuid: "0190a3b4-0000-7000-8000-0000000000e1", title: "Stretch", created: made, modified: made)
        record.list = "Inbox"
        record.series = "a value in the new column"
        let context = TaskRowContext(stageID: nil, listID: try f.store.requireBootstrap(), projectID: nil, notes: .null)
        try f.store.db.prepare(layout.insertSQL()).bind(layout.insertValues(record, context)).run()
        let id = f.store.db.lastInsertRowID
        func readBack() throws -> TaskRecord? { try f.store.db.prepare(layout.select("WHERE t.id = ?")).bind([.integer(id)]).first(layout.read) }
        #expect(try readBack() == record)
        #expect(try f.store.db.prepare("SELECT effort, series FROM tasks WHERE id = ?").bind([.integer(id)]).first { [$0.optionalString(0), $0.optionalString(1)] }
            == ["a value in the new column", nil])
        record.series = "changed"
        try f.store.db.prepare(layout.updateSQL).bind(layout.updateValues(record, context) + [.integer(id)]).run()
        #expect(try readBack() == record)
    }
}
