import TaskCore

/// Which tools a client is offered, as `tasker mcp --tools` and config's `mcp_tools` say it: a list of
/// words, each a tool's name, a scope (`read`, `write:tasks`, `write:pages`, `destructive`), or a
/// group (`capture`: capture_task and create_task; `all`).
public struct ToolSelection: Sendable, Hashable {
    /// The words as given.
    public let words: [String]

    /// The groups besides the scopes and `all`.
    static let groups: [String: Set<String>] = ["capture": ["capture_task", "create_task"]]

    /// Reads "capture,read" (commas or spaces between words).
    /// - Throws: `ToolkitError.invalidSelection` naming the first word that is none of the above.
    public init(_ text: String, among tools: [any Tool.Type] = TaskToolkit.standardTools) throws {
        let words = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        try self.init(words: words, among: tools)
    }

    /// - Throws: `ToolkitError.invalidSelection` for an empty list or a word that names nothing.
    public init(words: [String], among tools: [any Tool.Type] = TaskToolkit.standardTools) throws {
        guard !words.isEmpty else { throw ToolkitError.invalidSelection("an empty list; " + Self.help) }
        let names = Set(tools.map { $0.definition.name })
        for word in words where word != "all" && Self.groups[word] == nil && AgentScope(rawValue: word) == nil && !names.contains(word) {
            throw ToolkitError.invalidSelection("'\(word)'; " + Self.help)
        }
        self.words = words
    }

    static let help = "use tool names, scopes (\(AgentScope.spellings)), capture or all, separated by commas"

    /// Whether `definition` is one of the selected tools.
    public func includes(_ definition: ToolDefinition) -> Bool {
        words.contains { word in
            word == "all" || word == definition.name || AgentScope(rawValue: word) == definition.scope
                || Self.groups[word]?.contains(definition.name) == true
        }
    }

    /// The selected tool types, in the catalogue's order.
    public func tools(among tools: [any Tool.Type] = TaskToolkit.standardTools) -> [any Tool.Type] {
        tools.filter { includes($0.definition) }
    }
}

extension TaskToolkit {
    /// The same toolkit offering only the tools `selection` names (all of them for nil): a call of
    /// another is an unknown tool.
    public func selecting(_ selection: ToolSelection?) -> TaskToolkit {
        guard let selection else { return self }
        return TaskToolkit(store: store, parser: parser, tools: selection.tools(among: toolTypes), planning: planning, objects: objects,
                           uploader: uploader, agentID: agentID, files: files)
    }
}
