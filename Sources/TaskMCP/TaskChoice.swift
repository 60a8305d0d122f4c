import TaskCore
import TaskToolkit

/// A title that matches several tasks, asked back as a choice (2026-07-28's multi round-trip
/// requests): to a client that declared elicitation, the call answers `input_required` with one
/// form elicitation listing the candidates; the client retries the same call with `inputResponses`
/// naming one, and it runs on that task. Nothing is kept between the two requests: the retry's
/// choice counts only when the retry's own title still matches it, so a tampered or stale answer
/// can do nothing but be asked again.
enum TaskChoice {
    /// The key of the one input request.
    static let key = "task"

    /// Whether the client can answer a form elicitation.
    static func isDeclared(in envelope: RequestEnvelope) -> Bool { envelope.capabilities["elicitation"] != nil }

    /// `arguments` pointed at the task the retry's answer chose, when it is one of those the title
    /// matches; otherwise unchanged.
    static func applying(_ params: [String: JSONValue], to call: ToolsCall.Params, catalog: ToolCatalog) -> ToolsCall.Params {
        guard case .object(var arguments) = call.arguments, arguments["title"] != nil,
            let answer = params["inputResponses"]?[key], answer["action"] == "accept",
            let chosen = answer["content"]?[key]?.stringValue.flatMap(Int64.init)
        else { return call }
        guard catalog.choices(for: call.name, call.arguments).contains(where: { $0.id == chosen }) else { return call }
        arguments["title"] = nil
        arguments["id"] = .int(Int(chosen))
        var chosenCall = call
        chosenCall.arguments = .object(arguments)
        return chosenCall
    }

    /// The `input_required` result asking which of `candidates` the title meant.
    static func inputRequired(_ call: ToolsCall.Params, candidates: [ToolRefusal.Candidate], meta: JSONValue) -> JSONValue {
        let title = call.arguments["title"]?.stringValue ?? ""
        let options: [JSONValue] = candidates.map { candidate in
            ["const": .string(String(candidate.id)), "title": .string("\(candidate.title) (#\(candidate.id))")]
        }
        let schema: JSONValue = [
            "type": "object",
            "properties": [key: ["type": "string", "title": "Which task?", "oneOf": .array(options)]],
            "required": [.string(key)],
        ]
        return [
            "resultType": "input_required",
            "inputRequests": [key: [
                "method": "elicitation/create",
                "params": ["mode": "form", "message": .string("\(candidates.count) tasks match '\(title)' for \(call.name): which one?"), "requestedSchema": schema],
            ]],
            "_meta": meta,
        ]
    }
}
