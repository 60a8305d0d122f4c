import TaskCore

/// How a request asks a server for JSON of a given shape: the rungs of the ladder, strongest first.
///
/// OpenAI, vLLM, llama.cpp's `llama-server`, LM Studio and Ollama's OpenAI endpoint take
/// `json_schema` (strict). llama-cpp-python's server rejects it (HTTP 500, `literal_error` … `'text' or
/// 'json_object'`) and takes its own `{"type": "json_object", "schema": …}`, which constrains generation
/// to the schema. Plain `json_object` gives valid JSON of any shape; `none` sends no `response_format`
/// (the prompt alone asks for the shape). A server that rejects one rung gets the next.
public enum StructuredOutputForm: String, Sendable, CaseIterable, Hashable {
    case jsonSchema = "json_schema"
    case jsonObjectSchema = "json_object+schema"
    case jsonObject = "json_object"
    case none

    /// The ladder in the order it is climbed down.
    public static let ladder: [StructuredOutputForm] = [.jsonSchema, .jsonObjectSchema, .jsonObject, .none]

    /// The ladder starting at `remembered` (the form this endpoint accepted last time), then the other
    /// rungs in ladder order, so a server that changed still finds a form that works.
    public static func order(startingAt remembered: StructuredOutputForm?) -> [StructuredOutputForm] {
        guard let remembered else { return ladder }
        return [remembered] + ladder.filter { $0 != remembered }
    }

    /// What `/model` prints: the wire form in words.
    public var summary: String {
        switch self {
        case .jsonSchema: "json_schema (strict JSON Schema)"
        case .jsonObjectSchema: "json_object with schema (llama-cpp-python)"
        case .jsonObject: "json_object (any JSON; shape checked after)"
        case .none: "none (the prompt alone; shape checked after)"
        }
    }

    /// The `response_format` value for `schema` named `name`; nil for `.none`.
    public func responseFormat(schema: JSONValue, name: String) -> JSONValue? {
        switch self {
        case .jsonSchema:
            ["type": "json_schema", "json_schema": ["name": .string(name), "schema": Self.strict(schema), "strict": true]]
        case .jsonObjectSchema:
            ["type": "json_object", "schema": schema]
        case .jsonObject:
            ["type": "json_object"]
        case .none:
            nil
        }
    }

    /// The schema as OpenAI's strict mode wants it: every object lists all its properties as required
    /// and forbids others; a property that was optional becomes nullable (`["string", "null"]`, `null`
    /// added to an `enum`), so "not said" stays expressible.
    public static func strict(_ schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        if case .object(let properties)? = members["properties"] {
            let required = Set((members["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            var strictProperties: [String: JSONValue] = [:]
            for (name, property) in properties {
                let inner = strict(property)
                strictProperties[name] = required.contains(name) ? inner : nullable(inner)
            }
            members["properties"] = .object(strictProperties)
            members["required"] = .array(properties.keys.sorted().map(JSONValue.string))
            members["additionalProperties"] = false
        }
        if let items = members["items"] { members["items"] = strict(items) }
        return .object(members)
    }

    private static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        switch members["type"] {
        case .string(let type)?: members["type"] = [.string(type), "null"]
        case .array(let types)? where !types.contains("null"): members["type"] = .array(types + ["null"])
        default: break
        }
        if case .array(let values)? = members["enum"], !values.contains(.null) { members["enum"] = .array(values + [.null]) }
        return .object(members)
    }

    /// Whether an error answer says the server does not take this `response_format`: llama-cpp-python's
    /// 500 `literal_error`, OpenAI's 400 naming `response_format`, a 422 from a validating proxy.
    /// Key, model and rate errors are never rejections of the form.
    static func isRejection(status: Int, body: String) -> Bool {
        guard (400..<600).contains(status), ![401, 403, 404, 408, 429].contains(status) else { return false }
        let text = body.lowercased()
        return ["response_format", "json_schema", "literal_error", "'json_object'", "json_object", "schema"].contains { text.contains($0) }
    }
}

/// Tokens a request used, as the server's `usage` says.
public struct TokenUsage: Sendable, Hashable {
    public var promptTokens: Int
    public var completionTokens: Int

    public init(promptTokens: Int, completionTokens: Int) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
    }

    /// From a `usage` object; nil without `prompt_tokens`.
    init?(_ json: JSONValue?) {
        guard let prompt = json?["prompt_tokens"]?.intValue else { return nil }
        self.init(promptTokens: prompt, completionTokens: json?["completion_tokens"]?.intValue ?? 0)
    }
}

/// A structured answer: the JSON object, the form the server accepted and what it cost.
public struct StructuredAnswer: Sendable, Hashable {
    public var value: JSONValue
    public var form: StructuredOutputForm
    public var usage: TokenUsage?
    /// The rungs tried before the accepted one (rejected by the server), in order.
    public var rejected: [StructuredOutputForm]

    public init(value: JSONValue, form: StructuredOutputForm, usage: TokenUsage?, rejected: [StructuredOutputForm] = []) {
        self.value = value
        self.form = form
        self.usage = usage
        self.rejected = rejected
    }
}
