import TaskCore

/// Which members of each task a listing writes (`fields`): `id`, `title`, `due` and `status` unless
/// asked for more; `all` for every member. `id` is always written; so are a tree's `depth` and a
/// task's `sync_error`, which say something is off.
public struct TaskMemberSelection: Sendable, Hashable {
    /// The members written; nil for all of them.
    public var members: Set<String>?

    /// What a listing writes when `fields` is not given.
    public static let compact = TaskMemberSelection(members: ["id", "title", "due", "status"])
    public static let all = TaskMemberSelection(members: nil)

    public init(members: Set<String>?) { self.members = members.map { $0.union(["id"]) } }

    /// The words `fields` accepts: every member a task result has, and `all`.
    static let names: [String] = TaskField.members(at: .tool).map(\.member.key) + ["all"]

    /// Reads `fields`; nil (not given) is the compact form.
    init(_ fields: [String]?) {
        guard let fields else { self = .compact; return }
        self = fields.contains("all") ? .all : TaskMemberSelection(members: Set(fields))
    }

    /// `task` (a JSON object) with only the selected members.
    func select(_ task: JSONValue) -> JSONValue {
        guard let members, case .object(let object) = task else { return task }
        return .object(object.filter { members.contains($0.key) || $0.key == "depth" || $0.key == "sync_error" })
    }

    /// The schema of a selected task: the task's members, only `id` always there.
    static let schema: JSONValue = {
        var schema = OutputSchema.task.objectValue ?? [:]
        schema["required"] = ["id"]
        return .object(schema)
    }()
}
