import Foundation
import TaskCore
import TaskStore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Edits typed in the chat: confirmed, run, undone; a line whose task is not found is a capture.
@Suite struct ChatEditTests {
    @Test func renameIsConfirmedAndUndone() throws {
        let h = try REPLHarness()
        let id = try h.add("Call mom")
        let reader = ScriptedLineReader(["rename call mom to Call mum", "y", "/undo"])
        let (session, out) = h.session(reader)
        session.run()
        #expect(reader.questions.contains { $0.contains("Update #\(id) 'Call mom': title 'Call mum' — run?") })
        #expect(out.text.contains("✓ Updated"))
        #expect(out.text.contains("Restored 'Call mom' as it was"))
        #expect(try h.task(id).title == "Call mom", "undone")
    }

    @Test func priorityAndContextsChange() throws {
        let h = try REPLHarness()
        let id = try h.add("Buy milk", contexts: ["shop"])
        let (session, _) = h.session(ScriptedLineReader(["make buy milk high priority", "y", "add #errands to buy milk", "y"]))
        session.run()
        let task = try h.task(id)
        #expect(task.priority == .high)
        #expect(task.contexts == ["shop", "errands"])
    }

    @Test func declinedEditChangesNothing() throws {
        let h = try REPLHarness()
        let id = try h.add("Call mom")
        let (session, out) = h.session(ScriptedLineReader(["make call mom high priority", "n"]))
        session.run()
        #expect(out.text.contains("Not run"))
        #expect(try h.task(id).priority == .normal)
    }

    @Test func deleteAsksAndUndoBringsItBackWithTheSameIdentity() throws {
        let h = try REPLHarness()
        let id = try h.add("Call mom", contexts: ["phone"])
        let uuid = try Tasks(h.toolkit.store).uuid(of: TaskID(id))
        let reader = ScriptedLineReader(["delete call mom", "y", "/undo"])
        let (session, out) = h.session(reader)
        session.run()
        #expect(reader.questions.contains { $0.contains("Delete #\(id) 'Call mom' — run?") })
        #expect(out.text.contains("✓ Deleted 'Call mom'"))
        #expect(out.text.contains("↶ Restored 'Call mom'"))
        let back = try h.task(id)
        #expect(back.contexts == ["phone"])
        #expect(try Tasks(h.toolkit.store).uuid(of: TaskID(id)) == uuid)
        #expect(try h.toolkit.store.tombstones().isEmpty)
    }

    @Test func deleteDeclinedKeepsTheTask() throws {
        let h = try REPLHarness()
        _ = try h.add("Call mom")
        let (session, _) = h.session(ScriptedLineReader(["delete call mom", ""]))
        session.run()
        #expect(try h.titles() == ["Call mom"])
    }

    @Test func deleteWithoutATerminalIsNotRun() throws {
        let h = try REPLHarness()
        _ = try h.add("Call mom")
        let (session, out) = h.session(ScriptedLineReader(["delete call mom"], interactive: false))
        session.run()
        #expect(out.text.contains("Not run (no terminal to confirm): Delete #1 'Call mom'"))
        #expect(try h.titles() == ["Call mom"])
    }

    @Test func aLineWhoseTaskIsNotFoundIsOfferedAsACapture() throws {
        let h = try REPLHarness()
        _ = try h.add("Call mom")
        let (session, out) = h.session(ScriptedLineReader(["delete old photos from phone", ""]))
        session.run()
        #expect(out.text.contains("No task matches 'old photos from phone'; as a new task:"))
        #expect(try h.titles() == ["Call mom", "Delete old photos from phone"])
    }

    @Test func moveToSomedaySetsTheStage() throws {
        let h = try REPLHarness()
        let id = try h.add("Learn Italian")
        let (session, out) = h.session(ScriptedLineReader(["move learn italian to someday", "y", "/undo"]))
        session.run()
        #expect(out.text.contains("✓ Moved 'Learn Italian' to Someday"))
        #expect(try h.task(id).stage == nil, "undone")
    }

    @Test func doneOnAParentWithOpenSubtasksAsks() throws {
        let h = try REPLHarness()
        let parent = try h.add("Trip")
        let child = try Tasks(h.toolkit.store).createTask(TaskDraft(title: "Pack", parent: TaskID(parent))).id
        let reader = ScriptedLineReader(["done trip", "y"])
        let (session, out) = h.session(reader)
        session.run()
        #expect(out.text.contains("has 1 open subtask"))
        #expect(reader.questions.contains { $0.contains("Complete it too?") })
        #expect(try h.task(parent).status == .done)
        #expect(try Tasks(h.toolkit.store).task(child).status == .done)
    }

    @Test func doneOnAParentDeclinedChangesNothing() throws {
        let h = try REPLHarness()
        let parent = try h.add("Trip")
        _ = try Tasks(h.toolkit.store).createTask(TaskDraft(title: "Pack", parent: TaskID(parent)))
        let (session, _) = h.session(ScriptedLineReader(["done trip", "n"]))
        session.run()
        #expect(try h.task(parent).status == .open)
    }
}
