import TaskCore

/// One task as the model proposed it in a refinement answer: the fields of docs/DESIGN.md's
/// `{"tasks": [{source, title, due, priority, estimate_minutes, energy, contexts, kind}]}`.
///
/// Fields of the wrong type are dropped (treated as "not said"); only a missing `source` is an error.
///
/// Its keys are the draft door's (`TaskField`), but it is not read from that declaration: it is the
/// model's own shape — what the prompt and `LLMTaskBackend`'s answer schema ask for, read leniently
/// (a number as text, "none" as not said, a context with its sigil) — and the live-model figures were
/// measured with that prompt, so it stays as the prompt spells it.
public struct ModelTask: Sendable, Hashable {
    public var source: String
    public var title: String?
    public var due: String?
    public var priority: Priority?
    public var estimateMinutes: Int?
    public var energy: Energy?
    public var contexts: [String]
    public var kind: TaskKind?

    public init(
        source: String, title: String? = nil, due: String? = nil, priority: Priority? = nil,
        estimateMinutes: Int? = nil, energy: Energy? = nil, contexts: [String] = [], kind: TaskKind? = nil
    ) {
        self.source = source
        self.title = title
        self.due = due
        self.priority = priority
        self.estimateMinutes = estimateMinutes
        self.energy = energy
        self.contexts = contexts
        self.kind = kind
    }

    /// Reads one entry of `tasks` (snake_case keys, as the prompt asks).
    /// - Throws: `LLMError.wrongShape` when it is not an object with a non-empty `source`.
    public init(json: JSONValue) throws(LLMError) {
        guard json.objectValue != nil else { throw .wrongShape(detail: "a task is not a JSON object") }
        guard let source = json["source"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !source.isEmpty else {
            throw .wrongShape(detail: "a task has no \"source\"")
        }
        func text(_ key: String) -> String? {
            guard let s = json[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !s.isEmpty,
                s.lowercased() != "null", s.lowercased() != "none"
            else { return nil }
            return s
        }
        let minutes = json["estimate_minutes"]?.intValue ?? json["estimate_minutes"]?.stringValue.flatMap { Int($0) }
        self.init(
            source: source,
            title: text("title"),
            due: text("due"),
            priority: text("priority").flatMap { Priority(rawValue: $0.lowercased()) },
            estimateMinutes: minutes.flatMap { (1...10_080).contains($0) ? $0 : nil },
            energy: text("energy").flatMap { Energy(rawValue: $0.lowercased()) },
            contexts: (json["contexts"]?.arrayValue ?? []).compactMap(Self.context),
            kind: text("kind").flatMap { TaskKind(rawValue: $0.lowercased()) })
    }

    /// A context as stored: no sigil, lower-case, a single word of letters, digits, `-` or `_`.
    private static func context(_ value: JSONValue) -> String? {
        guard var s = value.stringValue?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
        while s.hasPrefix("#") || s.hasPrefix("@") { s.removeFirst() }
        guard !s.isEmpty, s.count <= 40, s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        return s
    }
}
