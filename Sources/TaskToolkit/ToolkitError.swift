/// A malformed tool call. "No matching task" is not an error: it is an `ok:false` result.
public enum ToolkitError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownTool(String)
    /// The arguments do not fit the tool's schema: what is wrong, naming the argument.
    case invalidArguments(tool: String, message: String)

    public var description: String {
        switch self {
        case .unknownTool(let name): return "unknown tool '\(name)'; run `tasker tools` to see the 18 tools"
        case .invalidArguments(let tool, let message): return "\(tool): \(message)"
        }
    }
}
