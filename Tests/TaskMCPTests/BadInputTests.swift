import TaskCore
import Testing
@testable import TaskMCP

/// Each malformed input gets the error MCP.md names (or nothing), and a ping right after still works.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var line: String
        /// The error code and id expected, or nil when the input must get no reply at all.
        var expected: (code: Int, id: JSONValue)?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "not JSON", line: "this is not json", expected: (-32700, .null)),
        Case(name: "truncated JSON", line: #"{"jsonrpc":"2.0","id":1,"#, expected: (-32700, .null)),
        Case(name: "a number", line: "42", expected: (-32600, .null)),
        Case(name: "a string", line: #""x""#, expected: (-32600, .null)),
        Case(name: "empty array", line: "[]", expected: (-32600, .null)),
        Case(name: "batch", line: #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#, expected: (-32600, .null)),
        Case(name: "missing jsonrpc", line: #"{"id":3,"method":"ping"}"#, expected: (-32600, 3)),
        Case(name: "wrong version", line: #"{"jsonrpc":"1.0","id":"v","method":"ping"}"#, expected: (-32600, "v")),
        Case(name: "id object", line: #"{"jsonrpc":"2.0","id":{"n":1},"method":"ping"}"#, expected: (-32600, .null)),
        Case(name: "id bool", line: #"{"jsonrpc":"2.0","id":false,"method":"ping"}"#, expected: (-32600, .null)),
        Case(name: "id float", line: #"{"jsonrpc":"2.0","id":2.5,"method":"ping"}"#, expected: (-32600, .null)),
        Case(name: "id null", line: #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, expected: (-32600, .null)),
        Case(name: "no method", line: #"{"jsonrpc":"2.0","id":8}"#, expected: (-32600, 8)),
        Case(name: "unknown method", line: #"{"jsonrpc":"2.0","id":"m","method":"tasks/frobnicate"}"#, expected: (-32601, "m")),
        Case(name: "params array", line: #"{"jsonrpc":"2.0","id":9,"method":"ping","params":[1,2]}"#, expected: (-32602, 9)),
        Case(name: "server/discover without the 2026 envelope", line: #"{"jsonrpc":"2.0","id":10,"method":"server/discover","params":{}}"#, expected: (-32602, 10)),
        Case(name: "known notification", line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, expected: nil),
        Case(name: "unknown notification", line: #"{"jsonrpc":"2.0","method":"notifications/whatever","params":{"a":1}}"#, expected: nil),
        Case(name: "cancel of an unknown request", line: #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}"#, expected: nil),
        Case(name: "notification with params array", line: #"{"jsonrpc":"2.0","method":"notifications/x","params":[1]}"#, expected: nil),
        Case(name: "stray response", line: #"{"jsonrpc":"2.0","id":5,"result":{}}"#, expected: nil),
        Case(name: "stray error response", line: #"{"jsonrpc":"2.0","id":5,"error":{"code":-32603,"message":"x"}}"#, expected: nil),
    ]

    @Test(arguments: cases)
    func badInputThenPing(_ input: Case) throws {
        for initialized in [false, true] {
            let harness = initialized ? Harness.initialized() : Harness()
            let reply = try harness.send(input.line)
            if let expected = input.expected {
                let error = try #require(reply?["error"])
                #expect(error["code"] == .int(expected.code))
                #expect(error["message"]?.stringValue?.isEmpty == false)
                #expect(reply?["id"] == expected.id)
                #expect(reply?["jsonrpc"] == "2.0")
                #expect(reply?["result"] == nil)
            } else {
                #expect(reply == nil)
            }
            #expect(try harness.send(#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#) == ["jsonrpc": "2.0", "id": "p", "result": [:]])
        }
    }

    @Test func requestBeforeInitializeThenPingThenInitialize() throws {
        let harness = Harness()
        #expect(try harness.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)?["error"]?["code"] == -32600)
        #expect(try harness.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)?["result"] == [:])
        #expect(try harness.send(Harness.initialize)?["result"]?["serverInfo"]?["name"] == "tasker")
    }

    @Test func hugeLineAndInvalidUTF8ThroughTheTransport() throws {
        let harness = Harness()
        let limit = 1024
        let huge = String(repeating: "{\"a\":", count: 10_000)
        let transport = InMemoryTransport(input: huge + "\n" + #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n", lineLimit: limit)
        transport.enqueue(String(repeating: "z", count: 10))
        try harness.server.serve(transport)
        let replies = try transport.sent.map { try JSONValue.parse($0) }
        #expect(replies.count == 3)
        #expect(replies[0]["error"]?["code"] == -32700)
        #expect(replies[0]["id"] == .null)
        #expect(replies[0]["error"]?["message"]?.stringValue?.contains("\(limit)") == true)
        #expect(replies[1] == ["jsonrpc": "2.0", "id": 1, "result": [:]])
        #expect(replies[2]["error"]?["code"] == -32700)
        #expect(harness.server.handle(.invalidUTF8).map { (try? JSONValue.parse($0))?["error"]?["code"] } == -32700)
    }
}
