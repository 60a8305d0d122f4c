import Foundation
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
import Testing
@testable import TaskMCP

@Suite struct AddedToolTests {
    /// The one line a new tool needs: its type in the catalogue list.
    static let catalogue: [any Tool.Type] = TaskToolkit.standardTools + [CountOpenTasks.self]

    @Test func aToolDeclaredInOneFileIsListedAndCalledOverMCP() throws {
        let base = try TestStore("mcp-added-tool", now: Date(), zone: TimeZone(identifier: "UTC")!)
        let store = base.store
        _ = try Tasks(store).createTask(TaskDraft(title: "Buy tiles", contexts: ["errands"]))
        _ = try Tasks(store).createTask(TaskDraft(title: "Call mom"))
        let server = MCPServer(catalog: TaskToolkit(store: store, tools: Self.catalogue), info: ServerInfo(version: "1"), log: { _ in })
        _ = server.handle(line: Harness.initialize)
        _ = server.handle(line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)

        let list = try JSONValue.parse(try #require(server.handle(line: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)))
        let tools = try #require(list["result"]?["tools"]?.arrayValue)
        #expect(tools.count == TaskToolkit.standardTools.count + 1)
        let added = try #require(tools.first { $0["name"] == "count_open_tasks" })
        #expect(added["annotations"]?["readOnlyHint"] == true)

        let call = try JSONValue.parse(try #require(server.handle(line:
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count_open_tasks","arguments":{"context":"errands"}}}"#)))
        #expect(call["result"]?["structuredContent"]?["count"] == 1)
        let bad = try JSONValue.parse(try #require(server.handle(line:
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"count_open_tasks","arguments":{"ctx":"errands"}}}"#)))
        #expect(bad["result"]?["isError"] == true || bad["error"] != nil, "its schema is checked like any tool's")
    }
}
