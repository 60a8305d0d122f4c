import TaskCore

/// A typed call that can be written back as the JSON arguments it came from, for a person to
/// edit before it runs (the chat's `e`).
public protocol ArgumentsExpressible {
    var arguments: JSONValue { get }
}

extension TaskReference {
    /// The reference as the `id` or `title` argument of a targeting tool.
    var argument: (key: String, value: JSONValue) {
        switch self {
        case .id(let id): return ("id", .int(Int(id)))
        case .title(let title): return ("title", .string(title))
        }
    }

    /// The reference as the value of an id-or-title argument such as `parent`.
    var value: JSONValue { argument.value }
}
