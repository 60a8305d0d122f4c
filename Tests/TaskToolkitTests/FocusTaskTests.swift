import Foundation
import Testing
import TaskCore
@testable import TaskToolkit

/// `focusTask`: each output names the one task it is about (what the chat's "/attach FILE" alone
/// attaches to); outputs about no single task name none.
@Suite struct FocusTaskTests {
    @Test func theOutputsAboutOneTaskNameIt() throws {
        let f = try ToolkitFixture()
        let created = try #require(try f.toolkit.run(CreateTask(draft: TaskDraft(title: "Pay rent"))).output)
        let id = created.task.id
        #expect(created.focusTask == id)
        var update = TaskUpdate()
        update.priority = .high
        #expect(try f.toolkit.run(UpdateTask(target: .id(id.rawValue), changes: update)).output?.focusTask == id)
        #expect(try f.toolkit.run(RescheduleTask(target: .id(id.rawValue), due: "friday")).output?.focusTask == id)
        #expect(try f.toolkit.run(DeferTask(target: .id(id.rawValue), until: "monday")).output?.focusTask == id)
        #expect(try f.toolkit.run(SetStage(target: .id(id.rawValue), stage: "Someday")).output?.focusTask == id)
        #expect(try f.toolkit.run(CompleteTask(target: .id(id.rawValue))).output?.focusTask == id)
        let captured = try #require(try f.toolkit.run(CaptureTask(text: "call mom tomorrow")).output)
        #expect(captured.focusTask != nil && captured.focusTask == captured.task?.id)
    }

    @Test func outputsAboutNoSingleTaskNameNone() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Pay rent"])
        #expect(try f.toolkit.run(CaptureTask(text: "buy milk", dryRun: true)).output?.focusTask == nil, "a dry run saves no task")
        #expect(try f.toolkit.run(ListTasks(TaskQuery(filter: .open))).output?.focusTask == nil)
        _ = try f.call("create_page", ["title": "Kitchen"])
        let path = f.directory.path("plan.txt")
        _ = FileManager.default.createFile(atPath: path, contents: Data("tiles".utf8))
        #expect(try f.toolkit.run(AttachFile(path: path, target: .page(.title("Kitchen")))).output?.focusTask == nil)
    }

    @Test func anAttachmentNamesTheTaskItBelongsTo() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Dentist"])
        let path = f.directory.path("scan.pdf")
        _ = FileManager.default.createFile(atPath: path, contents: Data("scan".utf8))
        let output = try f.toolkit.run(AttachFile(path: path, target: .task(.id(Int64(id))))).output
        #expect(output?.focusTask == TaskID(Int64(id)))
    }
}
