import TaskCore

/// Who the server says it is in the `initialize` reply, and the short guide it gives the model.
public struct ServerInfo: Sendable, Hashable {
    public var name: String
    public var title: String
    public var version: String
    public var instructions: String

    public init(name: String = "tasker", title: String = "Tasker", version: String, instructions: String = ServerInfo.defaultInstructions) {
        self.name = name
        self.title = title
        self.version = version
        self.instructions = instructions
    }

    public static let defaultInstructions = """
        Tasker is the user's task manager. capture_task turns a sentence ("call mom tomorrow 5pm #family") \
        into a task; list_tasks, plan_day and the page tools read; every result is JSON with "ok". \
        A result with ok:false (no match, ambiguous title) is not fatal: read its error and retry. \
        Dates accept ISO 8601 or natural language.
        """

    /// The `serverInfo` object (MCP's `Implementation`).
    public var json: JSONValue {
        ["name": .string(name), "title": .string(title), "version": .string(version)]
    }
}
