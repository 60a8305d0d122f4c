/// What can go wrong inside the REPL itself (the tools report their own failures as results).
public enum REPLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The terminal editor could not be set up.
    case editorUnavailable
    /// A command line that does not fit its command: the message says what to type instead.
    case usage(String)
    /// Arguments edited by the user are not a JSON object.
    case invalidEditedArguments(String)
    /// Setting the key failed.
    case keyNotSaved(String)

    public var description: String {
        switch self {
        case .editorUnavailable: return "the terminal editor (libedit) could not start; pipe lines in instead"
        case .usage(let message): return message
        case .invalidEditedArguments(let reason): return "edited arguments are not a JSON object (\(reason)); nothing ran"
        case .keyNotSaved(let reason): return "key not saved: \(reason)"
        }
    }
}
