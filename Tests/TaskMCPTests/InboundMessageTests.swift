import TaskCore
import Testing
@testable import TaskMCP

@Suite struct InboundMessageTests {
    @Test func requestKeepsIdType() {
        #expect(InboundMessage(line: #"{"jsonrpc":"2.0","id":"a","method":"ping"}"#) == .request(id: .string("a"), method: "ping", params: [:]))
        #expect(InboundMessage(line: #"{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":1}}"#) == .request(id: .int(7), method: "ping", params: ["x": 1]))
    }

    @Test func notificationHasNoId() {
        #expect(InboundMessage(line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == .notification(method: "notifications/initialized", params: [:]))
    }

    @Test func responsesFromTheClientAreRecognised() {
        #expect(InboundMessage(line: #"{"jsonrpc":"2.0","id":3,"result":{}}"#) == .response)
        #expect(InboundMessage(line: #"{"jsonrpc":"2.0","id":3,"error":{"code":-1,"message":"x"}}"#) == .response)
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, nil as RequestID?, -32600),
        (#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, nil, -32600),
        (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, nil, -32600),
        (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, nil, -32600),
        (#"{"jsonrpc":"1.0","id":4,"method":"ping"}"#, .int(4), -32600),
        (#"{"id":"k","method":"ping"}"#, .string("k"), -32600),
        (#"{"jsonrpc":"2.0","id":5,"method":12}"#, .int(5), -32600),
        (#"{"jsonrpc":"2.0","id":6,"method":"ping","params":[1]}"#, .int(6), -32602),
        (#"{"jsonrpc":"2.0","id":6,"method":"ping","params":"x"}"#, .int(6), -32602),
        ("[]", nil, -32600),
        ("42", nil, -32600),
        (#""x""#, nil, -32600),
        ("{", nil, -32700),
        ("hello", nil, -32700),
    ])
    func malformed(line: String, id: RequestID?, code: Int) {
        guard case .malformed(let gotID, let error) = InboundMessage(line: line) else {
            Issue.record("\(line) was not classified as malformed")
            return
        }
        #expect(gotID == id)
        #expect(error.code == code)
    }

    @Test func notificationWithBadParamsIsDroppedSilently() {
        #expect(InboundMessage(line: #"{"jsonrpc":"2.0","method":"notifications/x","params":[1]}"#) == .malformedNotification)
    }
}
