import Foundation
import Testing
import TaskCore
import TaskerTestSupport
@testable import TaskToolkit

/// A task's and a draft's result JSON carry exactly the members `TaskField` declares at the `tool` and
/// `draft` doors, each of its declared type: the declaration a tool's output schema will come from.
@Suite struct TaskFieldToolDoorTests {
    let format = ResultFormat(timeZone: TimeZone(identifier: "Europe/London") ?? .current)

    static func check(_ json: JSONValue, door: TaskField.Door) {
        guard case .object(let object) = json else {
            Issue.record("not an object")
            return
        }
        let declared = TaskField.members(at: door).map(\.member)
        for member in declared {
            if let value = object[member.key] {
                #expect(member.type.matches(value), "\(member.key): \(value.encoded()) is not \(member.type)")
            } else {
                #expect(member.omittable, "\(member.key) is missing")
            }
        }
        #expect(Set(object.keys).subtracting(declared.map(\.key)).isEmpty, "undeclared: \(Set(object.keys).subtracting(declared.map(\.key)))")
    }

    @Test func taskMembersAreTheDeclaredOnes() throws {
        var everyMember = Set<String>()
        for (i, task) in ResultFormatBytesTests.variedTasks(count: 300).enumerated() {
            var bytes: [UInt8] = []
            format.appendTask(task, depth: i % 3 == 0 ? i : nil, syncError: i % 5 == 0 ? "412 Precondition Failed" : nil, to: &bytes)
            let json = try JSONValue.parse(String(decoding: bytes, as: UTF8.self))
            Self.check(json, door: .tool)
            everyMember.formUnion(json.objectValue.map { Set($0.keys) } ?? [])
        }
        #expect(everyMember == Set(TaskField.members(at: .tool).map(\.member.key)), "every declared member written by some task")
    }

    @Test func draftMembersAreTheDeclaredOnes() {
        var draft = TaskDraft(title: "Buy tiles", contexts: ["errands"])
        Self.check(format.draft(draft), door: .draft)
        draft.place = PlaceBinding(place: "Shop", trigger: .leave)
        draft.recurrence = RecurrenceRule(frequency: .weekly)
        draft.dueDay = LocalDate(year: 2026, month: 12, day: 10)
        draft.due = Date(timeIntervalSince1970: 1_800_000_000)
        let json = format.draft(draft)
        Self.check(json, door: .draft)
        #expect((json.objectValue.map { Set($0.keys) } ?? []) == Set(TaskField.members(at: .draft).map(\.member.key)))
        #expect(json["due"] == "2026-12-10")
    }
}
