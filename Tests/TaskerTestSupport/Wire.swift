import Foundation
import TaskCore

/// What an OpenAI-compatible server sends, built for tests: recorded fixtures, chat completion bodies
/// and server-sent event pieces for `ScriptedModelServer`.
public enum Wire {
    /// The text of `Fixtures/openai/<name>`, found relative to this file.
    ///
    /// Throws when the fixture cannot be read.
    public static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/openai/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A plain chat.completion whose message content is `content`.
    public static func completion(_ content: String, finish: String = "stop") -> String {
        let body: JSONValue = [
            "id": "chatcmpl-t", "object": "chat.completion", "model": "m",
            "choices": [["index": 0, "message": ["role": "assistant", "content": .string(content)], "finish_reason": .string(finish)]],
        ]
        return body.encoded()
    }

    /// Server-sent event text for one data payload.
    public static func event(_ payload: String) -> String { "data: \(payload)\n\n" }

    /// A content delta chunk; `nil` text sends an empty delta (as the final chunk does).
    public static func contentChunk(_ text: String?, finish: String? = nil) -> String {
        let delta: JSONValue = text.map { ["content": .string($0)] } ?? [:]
        return chunk(delta, finish: finish)
    }

    /// A streamed text answer: one content chunk a word, a `stop` chunk, then `[DONE]`.
    public static func textStream(_ text: String) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).enumerated().map { index, word in
            contentChunk((index == 0 ? "" : " ") + word)
        }
        return words + [contentChunk(nil, finish: "stop"), event("[DONE]")]
    }

    /// A streamed call of one tool: the name, then the arguments, a `tool_calls` chunk, then `[DONE]`.
    public static func toolCallStream(name: String, arguments: String, id: String = "call_1") -> [String] {
        let opening: JSONValue = ["index": 0, "id": .string(id), "type": "function", "function": ["name": .string(name), "arguments": ""]]
        let rest: JSONValue = ["index": 0, "function": ["arguments": .string(arguments)]]
        return [
            chunk(["role": "assistant", "tool_calls": [opening]]),
            chunk(["tool_calls": [rest]]),
            contentChunk(nil, finish: "tool_calls"),
            event("[DONE]"),
        ]
    }

    private static func chunk(_ delta: JSONValue, finish: String? = nil) -> String {
        let chunk: JSONValue = ["object": "chat.completion.chunk", "choices": [["index": 0, "delta": delta, "finish_reason": .string(finish)]]]
        return event(chunk.encoded())
    }
}
