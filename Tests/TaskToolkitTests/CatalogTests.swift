import Testing
import TaskCore
@testable import TaskToolkit

@Suite struct CatalogTests {
    @Test func thirtyFourToolsEachWithAnImplementationAndAnObjectSchema() {
        let names = TaskToolkit.definitions.map(\.name)
        #expect(names == [
            "capture_task", "create_task", "list_tasks", "complete_task", "reschedule_task", "defer_task",
            "update_task", "delete_task", "set_stage", "plan_day",
            "create_project", "list_projects", "create_place", "list_places", "delete_place", "create_space", "create_page", "append_to_page", "read_page",
            "list_pages", "link_page", "search_pages", "create_template", "list_templates", "apply_template", "review", "streaks", "export_tasks", "import_tasks",
            "attach_file", "list_attachments", "open_attachment", "detach", "approval_status",
        ])
        #expect(Set(names).count == names.count, "each tool name once")
        for tool in TaskToolkit.definitions {
            #expect(tool.inputSchema["type"] == "object", "\(tool.name)")
            #expect(tool.inputSchema["$schema"] == nil, "\(tool.name): 2020-12 is MCP's default dialect")
            #expect(tool.inputSchema["additionalProperties"] == false, "\(tool.name)")
            #expect(!tool.description.isEmpty && !tool.title.isEmpty)
            let properties = tool.inputSchema["properties"]?.objectValue ?? [:]
            for required in tool.inputSchema["required"]?.arrayValue ?? [] {
                #expect(properties[required.stringValue ?? ""] != nil, "\(tool.name) requires an undeclared property")
            }
        }
    }

    @Test func exactlyElevenToolsReadOnly() {
        let readOnly = TaskToolkit.definitions.filter(\.readOnly).map(\.name)
        #expect(readOnly == ["list_tasks", "plan_day", "list_projects", "list_places", "read_page", "list_pages", "search_pages", "list_templates", "review", "streaks", "export_tasks",
                             "list_attachments", "approval_status"])
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        let tool: String
        let arguments: JSONValue
        let message: String
        var testDescription: String { "\(tool) \(arguments.encoded())" }
    }

    static let malformed: [Malformed] = [
        Malformed(tool: "create_task", arguments: .object([:]), message: "missing required argument 'title'"),
        Malformed(tool: "create_task", arguments: ["title": .int(5)], message: "argument 'title' must be a string, not an integer"),
        Malformed(tool: "create_task", arguments: ["title": "x", "priority": "huge"], message: "argument 'priority' must be one of: low, normal, high, critical"),
        Malformed(tool: "create_task", arguments: ["title": "x", "colour": "red"], message: "unknown argument 'colour'"),
        Malformed(tool: "create_task", arguments: ["title": "x", "contexts": .array(["a", .int(1)])], message: "argument 'contexts[1]' must be a string"),
        Malformed(tool: "create_task", arguments: ["title": "   "], message: "argument 'title' must not be empty"),
        Malformed(tool: "list_tasks", arguments: ["limit": "5"], message: "argument 'limit' must be an integer, not a string"),
        Malformed(tool: "list_tasks", arguments: ["limit": .int(0)], message: "limit must be 1 to 1000; page on with next_cursor for more"),
        Malformed(tool: "plan_day", arguments: ["budget_minutes": .double(2.5)], message: "argument 'budget_minutes' must be an integer"),
        Malformed(tool: "plan_day", arguments: .array([]), message: "the arguments must be an object, not an array"),
    ]

    @Test(arguments: malformed)
    func malformedCallsThrowNamingTheArgument(_ c: Malformed) throws {
        let (tool, arguments, message) = (c.tool, c.arguments, c.message)
        let fixture = try ToolkitFixture()
        do {
            _ = try fixture.toolkit.call(tool, arguments)
            Issue.record("expected \(tool) \(arguments.encoded()) to throw")
        } catch let error as ToolkitError {
            guard case .invalidArguments(let name, let text) = error else { Issue.record("\(error)"); return }
            #expect(name == tool)
            #expect(text.hasPrefix(message), "got: \(text)")
        }
    }

    @Test func unknownToolThrows() throws {
        let fixture = try ToolkitFixture()
        #expect(throws: ToolkitError.unknownTool("delete_everything")) { try fixture.toolkit.call("delete_everything", [:]) }
    }
}
