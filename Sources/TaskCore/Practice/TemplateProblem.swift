/// Why a template's blueprint cannot be read: which task and what is wrong with it.
public struct TemplateProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the blueprint, e.g. `tasks[2].subtasks[0].time`.
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path) \(reason)" }
}
