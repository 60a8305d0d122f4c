import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskIO
import TaskerTestSupport

/// A task's record JSON (`tasks.jsonl`, `.unkt`), Taskwarrior's members and the workbook's columns are
/// the ones `TaskField` declares at the `record`, `taskwarrior` and `xlsx` doors.
@Suite struct TaskFieldRecordDoorTests {
    /// A record with every field set.
    static func fullRecord() -> TaskRecord { FullTaskRecord.make() }

    @Test func aFullRecordWritesEveryDeclaredMemberAndReadsBackTheSame() throws {
        let record = Self.fullRecord()
        let json = record.json
        let object = try #require(json.objectValue)
        let declared = TaskField.members(at: .record).map(\.member)
        #expect(Set(object.keys) == Set(declared.map(\.key)))
        for member in declared {
            #expect(object[member.key].map(member.type.matches) == true, "\(member.key)")
        }
        #expect(try TaskRecord(json: object) == record)
    }

    @Test func anEmptyRecordWritesOnlyWhatCannotBeOmitted() throws {
        let object = try #require(TaskRecord(uuid: "0190a3b4-0000-7000-8000-000000000001", title: "A", created: at("2026-03-01T10:00"), modified: at("2026-03-01T10:00")).json.objectValue)
        #expect(Set(object.keys) == Set(TaskField.members(at: .record).map(\.member).filter { !$0.omittable }.map(\.key)))
    }

    @Test func taskwarriorMapsTheDeclaredMembers() {
        #expect(Set(TaskwarriorFields.Key.allCases.map(\.rawValue)) == Set(TaskField.members(at: .taskwarrior).map(\.member.key)))
    }

    @Test func theWorkbookHasAColumnForEachDeclaredField() {
        #expect(XlsxWorkbook.taskColumns.map(\.field).filter { $0.member(at: .xlsx) != nil }.count == XlsxWorkbook.taskColumns.count)
        #expect(Set(XlsxWorkbook.taskColumns.map(\.field)) == Set(TaskField.members(at: .xlsx).map(\.field)))
    }
}
