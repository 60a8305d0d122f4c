import Foundation
import Testing
import TaskCore

/// The declaration of a task's fields: what every door derives its members from.
@Suite struct TaskFieldTests {
    @Test(arguments: TaskField.Door.allCases) func eachDoorNamesEachMemberOnce(door: TaskField.Door) {
        let keys = TaskField.members(at: door).map(\.member.key)
        #expect(Set(keys).count == keys.count, "a key named twice at \(door)")
        #expect(!keys.isEmpty)
    }

    @Test func everyFieldCrossesSomeDoor() {
        for field in TaskField.allCases { #expect(!field.declaration.isEmpty, "\(field) is carried nowhere") }
    }

    @Test func syncCarriesItsFieldsInTheMergeOrder() {
        #expect(TaskField.members(at: .sync).map(\.member.key) == [
            "title", "notes", "due", "zone", "defer", "priority", "contexts", "status", "recurrence", "parent",
            "estimate", "energy", "kind", "project", "list", "stage", "completions",
        ])
    }

    @Test func aDraftHasATasksShape() {
        for (field, member) in TaskField.members(at: .draft) { #expect(field.member(at: .tool) == member, "\(field)") }
    }

    @Test func sortedMembersComeInKeyOrder() {
        let keys = TaskField.sortedMembers(at: .tool).map(\.member.key)
        #expect(keys == keys.sorted())
        #expect(keys.first == "completed" && keys.last == "updated")
    }

    @Test func typesMatchTheValuesTheyDescribe() {
        typealias T = TaskField.JSONType
        #expect(T.nullable(.string).matches(.null))
        #expect(T.nullable(.string).matches("a"))
        #expect(!T.string.matches(.null))
        #expect(!T.int.matches("1"))
        #expect(T.double.matches(.int(1)))
        #expect(T.array(.string).matches(["a", "b"]))
        #expect(!T.array(.string).matches(["a", 1]))
        #expect(T.object.matches(["a": 1]))
        #expect(!T.bool.matches(.int(0)))
    }

    /// A template's task writes the members declared at the `template` door beside its own, each of its
    /// declared type, and reads back the same task.
    @Test func aTemplateTaskCrossesTheTemplateDoorAndComesBackTheSame() throws {
        let task = TemplateTask(title: "Pack", offsetDays: -1, time: WallTime(text: "18:00"), estimateMinutes: 30, contexts: ["home"],
                                priority: .high, subtasks: [TemplateTask(title: "Charger", offsetDays: -1)])
        let object = try #require(task.json.objectValue)
        let declared = TaskField.members(at: .template).map(\.member)
        #expect(Set(object.keys) == Set(declared.map(\.key)).union(["offset_days", "time", "subtasks"]))
        for member in declared { #expect(object[member.key].map(member.type.matches) == true, "\(member.key)") }
        #expect(try TemplateTask(json: task.json, path: "tasks[0]") == task)
        let bare = TemplateTask(title: "Pack", offsetDays: 2)
        #expect(try TemplateTask(json: bare.json, path: "tasks[0]") == bare)
    }
}
