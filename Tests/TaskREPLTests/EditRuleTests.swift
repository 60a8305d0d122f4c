import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// The router's editing rows, and look-alikes that must stay captures.
@Suite struct EditRuleTests {
    static func edit(_ name: String, _ arguments: JSONValue) -> Intent {
        guard case .tool(let call) = Intent.tool(name: name, arguments: arguments) else { return .capture("") }
        return .edit(call)
    }

    @Test(arguments: [
        ("rename call mom to call mum", "update_task", ["title": "call mom", "new_title": "Call mum"]),  // as a capture writes it
        ("rename case to iPhone case", "update_task", ["title": "case", "new_title": "iPhone case"]),
        ("rename #4 to Call Mum", "update_task", ["id": 4, "new_title": "Call Mum"]),
        ("make taxes high priority", "update_task", ["title": "taxes", "priority": "high"]),
        ("make the report a top priority", "update_task", ["title": "the report", "priority": "high"]),
        ("set the priority of 7 to urgent", "update_task", ["id": 7, "priority": "critical"]),
        ("add #errands to buy milk", "update_task", ["title": "buy milk", "add_contexts": ["errands"]]),
        ("add #errands @car to 5", "update_task", ["id": 5, "add_contexts": ["errands", "car"]]),
        ("remove #errands from buy milk", "update_task", ["title": "buy milk", "remove_contexts": ["errands"]]),
        ("move learn italian to someday", "set_stage", ["title": "learn italian", "stage": "Someday"]),
        ("put 3 in the backlog", "set_stage", ["id": 3, "stage": "Backlog"]),
        ("delete call mom", "delete_task", ["title": "call mom"]),
        ("delete #12", "delete_task", ["id": 12]),
        ("remove task 12 with its subtasks", "delete_task", ["id": 12, "children": "delete"]),
    ] as [(String, String, JSONValue)])
    func edits(line: String, tool: String, arguments: JSONValue) {
        #expect(testRouter.route(line) == Self.edit(tool, arguments))
        #expect(testRouter.route(line).isConfident)
    }

    @Test(arguments: [
        "rename the wifi network",              // no " to ": a task
        "make dinner",
        "make a dentist appointment",
        "move the couch to the garage",         // neither a date nor a stage
        "add milk to the shopping list",        // no #context: a task
        "make coffee high quality",             // not a priority
    ])
    func lookAlikesStayCaptures(line: String) {
        #expect(testRouter.route(line) == .capture(line))
    }

    @Test func existingRulesStillWin() {
        #expect(testRouter.route("move dentist to friday 3pm") ==
            .tool(name: "reschedule_task", arguments: ["title": "dentist", "due": "friday 3pm"]))
        #expect(testRouter.route("list #errands") == .tool(name: "list_tasks", arguments: ["filter": "open", "context": "errands"]))
    }
}
