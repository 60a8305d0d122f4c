import TaskCore

/// A malformed tool call. "No matching task" is not an error: it is an `ok:false` result.
public enum ToolkitError: Error, Sendable, Equatable, CustomStringConvertible, ExitCodeError {
    case unknownTool(String)
    /// The arguments do not fit the tool's schema: what is wrong, naming the argument.
    case invalidArguments(tool: String, message: String)
    /// A tool selection (`tasker mcp --tools`, config's `mcp_tools`) naming nothing: the word and what to use.
    case invalidSelection(String)

    /// A malformed call (unknown tool, arguments that do not fit the schema): the caller's to fix.
    public var exitCode: Int32 { 2 }

    public var description: String {
        switch self {
        case .unknownTool(let name): return "unknown tool '\(name)'; run `tasker tools` to see the \(TaskToolkit.standardTools.count) tools"
        case .invalidArguments(let tool, let message): return "\(tool): \(message)"
        case .invalidSelection(let problem): return "no tools selected by \(problem)"
        }
    }
}
