import TaskCore
import Testing
@testable import TaskMCP

@Suite struct MCPServerTests {
    @Test(arguments: [
        ("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"), ("2024-11-05", "2024-11-05"),
        ("2025-03-26", "2025-11-25"), ("1.0.0", "2025-11-25"),
    ])
    func initializeNegotiatesTheVersion(requested: String, answered: String) throws {
        let harness = Harness()
        let reply = try #require(try harness.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(requested)","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#))
        #expect(reply["id"] == 1)
        #expect(reply["jsonrpc"] == "2.0")
        let result = try #require(reply["result"])
        #expect(result["protocolVersion"] == .string(answered))
        #expect(result["capabilities"] == ["tools": ["listChanged": false]])
        #expect(result["serverInfo"] == ["name": "tasker", "title": "Tasker", "version": "9.9.9"])
        #expect(result["instructions"]?.stringValue?.isEmpty == false)
        #expect(harness.server.protocolVersion == answered)
    }

    @Test func initializeWithoutProtocolVersionIsInvalidParams() throws {
        let harness = Harness()
        let reply = try #require(try harness.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        #expect(reply["error"]?["code"] == -32602)
        #expect(!harness.server.isInitialized)
        let bad = try #require(try harness.send(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":[]}}"#))
        #expect(bad["error"]?["code"] == -32602)
    }

    @Test func beforeInitializeOnlyPingIsServedAndInitializeStillWorks() throws {
        let harness = Harness()
        #expect(try harness.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#) == ["jsonrpc": "2.0", "id": 1, "result": [:]])
        let early = try #require(try harness.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#))
        #expect(early["error"]?["code"] == -32600)
        #expect(early["error"]?["message"]?.stringValue?.contains("initialize") == true)
        let call = try #require(try harness.send(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo_args"}}"#))
        #expect(call["error"]?["code"] == -32600)
        #expect(harness.catalog.calls.isEmpty)
        let discover = try #require(try harness.send(#"{"jsonrpc":"2.0","id":"d","method":"server/discover","params":{}}"#))
        #expect(discover["error"]?["code"] == -32602, "server/discover needs the 2026 envelope in params._meta")
        #expect(discover["id"] == "d")
        let initialize = try #require(try harness.send(Harness.initialize))
        #expect(initialize["result"]?["protocolVersion"] == "2025-11-25")
        #expect(try harness.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
        #expect(harness.server.clientReady)
        let list = try #require(try harness.send(#"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#))
        #expect(list["result"]?["tools"]?.arrayValue?.count == harness.catalog.tools.count)
    }

    @Test func toolsListGivesEveryToolWithAnnotations() throws {
        let harness = Harness.initialized()
        let reply = try #require(try harness.send(#"{"jsonrpc":"2.0","id":"l","method":"tools/list","params":{"cursor":"anything"}}"#))
        let tools = try #require(reply["result"]?["tools"]?.arrayValue)
        #expect(tools.map { $0["name"]?.stringValue } == harness.catalog.tools.map(\.name))
        #expect(reply["result"]?["nextCursor"] == nil)
        let echo = tools[0]
        #expect(echo["title"] == "Echo")
        #expect(echo["description"] == "Returns its arguments.")
        #expect(echo["inputSchema"]?["type"] == "object")
        // Only the hints that differ from MCP's defaults are written.
        #expect(echo["annotations"] == ["readOnlyHint": true, "openWorldHint": false])
        #expect(tools[2]["annotations"] == ["destructiveHint": false, "openWorldHint": false])
        #expect(tools[3]["annotations"] == ["idempotentHint": true, "openWorldHint": false])
        let badCursor = try #require(try harness.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":3}}"#))
        #expect(badCursor["error"]?["code"] == -32602)
    }

    @Test func toolResultIsTextAndStructuredContent() throws {
        let harness = Harness.initialized()
        let reply = try #require(try harness.send(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"echo_args","arguments":{"text":"héllo\nworld"}}}"#))
        let result = try #require(reply["result"])
        let expected: JSONValue = ["ok": true, "arguments": ["text": "héllo\nworld"]]
        #expect(result["structuredContent"] == expected)
        #expect(result["isError"] == false)
        #expect(result["content"]?.arrayValue?.count == 1)
        #expect(result["content"]?.arrayValue?.first?["type"] == "text")
        let text = try #require(result["content"]?.arrayValue?.first?["text"]?.stringValue)
        #expect(try JSONValue.parse(text) == expected)
        #expect(harness.catalog.calls.first?.1 == ["text": "héllo\nworld"])
    }

    @Test func missingArgumentsMeanAnEmptyObject() throws {
        let harness = Harness.initialized()
        _ = try harness.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo_args"}}"#)
        #expect(harness.catalog.calls.first?.1 == [:])
    }

    @Test func okFalseIsAToolError() throws {
        let harness = Harness.initialized()
        let result = try #require(try harness.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"find_task","arguments":{"title":"x"}}}"#)?["result"])
        #expect(result["isError"] == true)
        #expect(result["structuredContent"]?["error"] == "no task matches 'x'")
    }

    @Test func invalidArgumentsAreAToolErrorTheModelCanRead() throws {
        let harness = Harness.initialized()
        let reply = try #require(try harness.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_thing","arguments":{"title":5}}}"#))
        #expect(reply["error"] == nil)
        let result = try #require(reply["result"])
        #expect(result["isError"] == true)
        let text = try #require(result["content"]?.arrayValue?.first?["text"]?.stringValue)
        #expect(text.contains("create_thing: title is required"))
        #expect(result["structuredContent"] == ["ok": false, "error": "create_thing: title is required and must be a string"])
    }

    @Test func storeFailureIsAToolErrorWithItsMessage() throws {
        let harness = Harness.initialized()
        let result = try #require(try harness.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"locked_tool"}}"#)?["result"])
        #expect(result["isError"] == true)
        #expect(result["structuredContent"]?["error"]?.stringValue?.contains("database is locked") == true)
        #expect(harness.logs.contains { $0.contains("database is locked") })
    }

    @Test(arguments: ["no_such_tool", "vanishing_tool"])
    func unknownToolIsInvalidParams(name: String) throws {
        let harness = Harness.initialized()
        let reply = try #require(try harness.send(#"{"jsonrpc":"2.0","id":"u","method":"tools/call","params":{"name":"\#(name)","arguments":{}}}"#))
        #expect(reply["id"] == "u")
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["message"]?.stringValue?.contains(name) == true)
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":3}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo_args","arguments":[1]}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo_args","arguments":"x"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[]}"#,
    ])
    func malformedCallIsInvalidParams(line: String) throws {
        let harness = Harness.initialized()
        let reply = try #require(try harness.send(line))
        #expect(reply["id"] == 1)
        #expect(reply["error"]?["code"] == -32602)
        #expect(harness.catalog.calls.isEmpty)
    }

    @Test func servesAnInMemoryTransportInOrder() throws {
        let harness = Harness()
        let transport = InMemoryTransport(input: """
            \(Harness.initialize)
            {"jsonrpc":"2.0","method":"notifications/initialized"}
            {"jsonrpc":"2.0","id":1,"method":"ping"}
            {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo_args","arguments":{"text":"a"}}}
            """)
        try harness.server.serve(transport)
        let ids = try transport.sent.map { try JSONValue.parse($0)["id"] }
        #expect(ids == [0, 1, 2])
        #expect(transport.sent.allSatisfy { !$0.contains("\n") })
    }

    @Test func handEncodedToolResultMatchesTheEncoder() {
        let values: [JSONValue] = [
            ["ok": true, "tasks": [["id": 1, "title": "Ünïcode \"quoted\"\n\u{2028}", "due": nil]]],
            ["ok": false, "error": "nope"],
            [:],
        ]
        for value in values {
            let expected: JSONValue = ["content": [["type": "text", "text": .string(value.encoded())]], "isError": .bool(value["ok"] == false), "structuredContent": value]
            #expect(ToolsCall.encode(value) == expected.encoded())
            #expect(OutboundMessage.result(id: .string("q"), encodedResult: ToolsCall.encode(value)) == OutboundMessage.result(id: .string("q"), expected))
        }
    }
}
