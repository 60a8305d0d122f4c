import Foundation
import Testing
import TaskCore
import TaskHTTPServer
import TaskStore
import TaskToolkit
@testable import TaskWeb

extension WebDoorTests {
    /// The approvals view's Undo an agent: Preview is the dry run (nothing changes), Undo runs it,
    /// and a second Undo finds nothing; a bad time is one line with 400.
    @Test func undoAnAgentPreviewsThenUndoes() throws {
        let session = try session()
        let agent = try Agents(store).addAgent(name: "bot", key: AgentKey.generate(), scopes: [.read, .writeTasks], expires: nil)
        let toolkit = TaskToolkit(store: store)
        _ = try toolkit.acting(forAgent: agent.id).call("create_task", ["title": "Agent's task"])
        func answer(_ body: JSONValue) throws -> JSONValue { try JSONValue.parse(String(decoding: post("agent-undo", body, session).body, as: UTF8.self)) }
        let preview = try answer(["agent": "bot", "since": "1h", "dry_run": true])
        #expect(preview["changes"] == 1 && preview["receipt"] == .null)
        #expect(preview["lines"]?.arrayValue?.last == "  delete task #1 'Agent's task' (bot created it)")
        #expect(try toolkit.call("list_tasks", ["filter": "all"])["tasks"]?.arrayValue?.count == 1)
        let undone = try answer(["agent": "bot", "since": "1h"])
        #expect(undone["lines"]?.arrayValue?.first?.stringValue?.hasPrefix("undid 1 change bot made since") == true)
        #expect(undone["receipt"]?.intValue != nil)
        #expect(try toolkit.call("list_tasks", ["filter": "all"])["tasks"]?.arrayValue?.isEmpty == true)
        #expect(try answer(["agent": "bot", "since": "1h"])["changes"] == 0)
        let wrong = post("agent-undo", ["agent": "bot", "since": "tomorrow"], session)
        #expect(wrong.status == 400 && String(decoding: wrong.body, as: UTF8.self).contains("still to come"))
        let html = String(decoding: door.handle(HTTPServerRequest(method: "GET", path: "/", headers: ["host": "127.0.0.1:4242", "cookie": session.cookie], body: [])).body, as: UTF8.self)
        #expect(html.contains(#"<form id="undo-form""#))
    }
}
