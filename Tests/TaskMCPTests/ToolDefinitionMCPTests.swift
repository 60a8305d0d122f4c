import TaskCore
import TaskToolkit
import Testing
@testable import TaskMCP

/// The real catalogue as MCP clients see it: the hints MCP.md asks for on each of the 34 tools.
@Suite struct ToolDefinitionMCPTests {
    static let readOnly: Set<String> = [
        "list_tasks", "plan_day", "list_projects", "list_places", "read_page", "list_pages", "search_pages", "list_templates", "review", "streaks", "export_tasks",
        "list_attachments", "approval_status",
    ]
    static let additive: Set<String> = [
        "capture_task", "create_task", "create_project", "create_place", "create_space", "create_page", "append_to_page", "link_page", "create_template",
        "apply_template", "attach_file", "open_attachment",
    ]

    @Test func thirtyFourUniqueToolsWithObjectSchemas() {
        let tools = TaskToolkit.definitions.map(\.mcpTool)
        #expect(tools.count == 34)
        #expect(Set(tools.compactMap { $0["name"]?.stringValue }).count == 34)
        for tool in tools {
            #expect(tool["inputSchema"]?["type"] == "object", "\(tool["name"] ?? nil)")
            #expect(tool["title"]?.stringValue?.isEmpty == false)
            #expect(tool["description"]?.stringValue?.isEmpty == false)
            #expect(tool["annotations"]?["title"] == nil, "the title is said once, beside the name")
        }
    }

    @Test(arguments: TaskToolkit.definitions.map(\.name))
    func annotations(_ name: String) throws {
        let definition = try #require(TaskToolkit.definition(named: name))
        let written = try #require(definition.mcpTool["annotations"])
        // A hint left out means MCP's default: readOnlyHint false, destructiveHint true, idempotentHint
        // false, openWorldHint true; the last two only mean something when the tool writes.
        func hint(_ key: String, _ absent: Bool) -> Bool { written[key]?.boolValue ?? absent }
        #expect(hint("readOnlyHint", false) == Self.readOnly.contains(name))
        #expect(hint("openWorldHint", true) == false)
        if Self.additive.contains(name) {
            #expect(hint("destructiveHint", true) == false)
        } else if !Self.readOnly.contains(name) {
            #expect(hint("destructiveHint", true) == true, "\(name) changes or removes what is there")
        }
        if Self.readOnly.contains(name) { #expect(written["destructiveHint"] == nil && written["idempotentHint"] == nil, "not written for a reader") }
    }
}
