import Foundation
import TaskCore
import TaskLLM
import TaskToolkit
@testable import TaskREPL

/// A model that plays back queued replies (or errors) and records the conversations it was sent.
final class ScriptedChatModel: ChatModel {
    enum Step {
        case reply(ChatResponse)
        case fail(String)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    var steps: [Step]
    private(set) var received: [[ChatMessage]] = []

    init(_ steps: [Step]) { self.steps = steps }

    func complete(
        _ messages: [ChatMessage], tools: [ToolDefinition], model: String?, endpoint: String?,
        onDelta: @escaping (String) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> ChatResponse {
        received.append(messages)
        guard !steps.isEmpty else { throw Failure(description: "script ran out") }
        switch steps.removeFirst() {
        case .fail(let message): throw Failure(description: message)
        case .reply(let reply):
            if !reply.content.isEmpty { onDelta(reply.content) }
            return reply
        }
    }

    static func call(_ name: String, _ arguments: String, id: String = "call_1") -> Step {
        .reply(ChatResponse(content: "", toolCalls: [ToolCall(id: id, name: name, argumentsText: arguments)], finishReason: "tool_calls"))
    }

    static func say(_ text: String) -> Step { .reply(ChatResponse(content: text)) }
}
