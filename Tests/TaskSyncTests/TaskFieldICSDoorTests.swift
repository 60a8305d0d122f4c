import Foundation
import Testing
import TaskCalendar
import TaskCore
import TaskStore
@testable import TaskSync

/// Sync's fields and the VTODO properties are the ones `TaskField` declares at the `sync` and `ics`
/// doors: each synced field is written by its declared property.
@Suite struct TaskFieldICSDoorTests {
    @Test func eachSyncedFieldIsWrittenByItsDeclaredProperty() {
        for (field, member) in TaskField.members(at: .sync) {
            // A member may name a parameter of its property (`DUE;TZID`): the property writes it.
            let name = field.member(at: .ics)?.key.split(separator: ";").first.map(String.init)
            #expect(VTodoMapping.properties.contains { $0.name == name && $0.reads.contains(member.key) }, "\(field): \(name ?? "no property")")
        }
    }

    @Test func theOtherDeclaredPropertiesAreTheObjectsEnvelope() {
        let written = Set(VTodoMapping.properties.map(\.name))
        let declared = TaskField.members(at: .ics).map { String($0.member.key.split(separator: ";")[0]) }
        #expect(Set(declared).subtracting(written) == ["UID", "CREATED", "LAST-MODIFIED"])
    }

    /// A record with every synced field set (a project by UUID, named "Work").
    static func syncedRecord() -> TaskRecord {
        let at = { (text: String) in ISODate.parse(text, in: TaskFields.utc) ?? .distantPast }
        var t = TaskRecord(uuid: "0190a3b4-0000-7000-8000-000000000001", title: "Dentist, then lunch", created: at("2026-03-01T10:00:00Z"),
                           modified: at("2026-03-01T10:00:00Z"))
        t.notes = "bring the card\nand the form"
        t.due = at("2026-12-10T09:30:00Z")
        t.deferUntil = LocalDate(year: 2026, month: 12, day: 1)
        t.priority = .high
        t.contexts = ["errands", "phone"]
        t.status = .done
        t.completed = at("2026-12-09T08:00:00Z")
        t.recurrence = RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.mon])
        t.dueZone = "America/New_York"
        t.parent = "0190a3b4-0000-7000-8000-000000000003"
        t.estimateMinutes = 30
        t.energy = .focused
        t.kind = TaskKind.allCases.first
        t.project = "0190a3b4-0000-7000-8000-000000000002"
        t.list = "Home"
        t.stage = "Next"
        return t
    }

    /// Every synced field goes out as the sync door's fields, into the VTODO lines Tasker writes, is read
    /// back from them and applied to a bare record: the same record.
    @Test func aRecordCrossesTheSyncDoorAndItsVTodoAndComesBackTheSame() throws {
        let record = Self.syncedRecord()
        let projects = ["0190a3b4-0000-7000-8000-000000000002": "Work"]
        let fields = TaskFields(record: record, projects: projects)
        #expect(Set(fields.values.keys) == Set(TaskField.members(at: .sync).map(\.member.key)).subtracting(["completions"]))
        let lines = VTodoMapping.properties.flatMap { $0.lines(fields) }
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:\(record.uuid)\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VTODO\r\nEND:VCALENDAR\r\n"
        let read = VTodoMapping(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current).fields(try #require(try ICalendarReader.todos(text, source: "x").first))
        #expect(read == fields)
        var known = projects
        var created: [ProjectRecord] = []
        let bare = TaskRecord(uuid: record.uuid, title: "", created: record.created, modified: record.modified)
        #expect(read.apply(to: bare, projects: &known, newProjects: &created, now: record.modified) == record)
        #expect(created.isEmpty)
    }
}
