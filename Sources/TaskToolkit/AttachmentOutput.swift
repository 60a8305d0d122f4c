import Foundation
import TaskCore
import TaskStore

/// One attachment as results show it: the row, the title of its task or page, and where its
/// bytes are stored.
public struct AttachmentItem: Sendable, Hashable {
    public var attachment: Attachment
    /// The task's or page's title.
    public var ownerTitle: String
    /// The object's file in the store; nil for an agent (results to agents carry no host path).
    public var storedPath: String?

    /// `json`'s shape: `task` or `page` names the owner.
    public static let schema: JSONValue = {
        let owner = OutputSchema.object(["id": OutputSchema.integer, "title": OutputSchema.string])
        return OutputSchema.object(
            ["id": OutputSchema.integer, "uuid": OutputSchema.string, "name": OutputSchema.string, "size": OutputSchema.integer,
             "sha256": OutputSchema.string, "created": OutputSchema.nullableString, "stored_path": OutputSchema.string,
             "task": owner, "page": owner, "encoding": OutputSchema.string, "remote_url": OutputSchema.string],
            optional: ["stored_path", "task", "page", "encoding", "remote_url"])
    }()

    public func json(_ format: ResultFormat) -> JSONValue {
        var members: [String: JSONValue] = [
            "id": .int(Int(attachment.id.rawValue)), "uuid": .string(attachment.uuid), "name": .string(attachment.name),
            "size": .int(Int(attachment.size)), "sha256": .string(attachment.sha256), "created": format.date(attachment.created),
        ]
        if let storedPath { members["stored_path"] = .string(storedPath) }
        switch attachment.owner {
        case .task(let id): members["task"] = ["id": .int(Int(id.rawValue)), "title": .string(ownerTitle)]
        case .page(let id): members["page"] = ["id": .int(Int(id.rawValue)), "title": .string(ownerTitle)]
        }
        if attachment.encoding != "plain" { members["encoding"] = .string(attachment.encoding) }
        if let url = attachment.remoteURL { members["remote_url"] = .string(url) }
        return .object(members)
    }

    /// "task #3 'Dentist'" or "page #2 'Kitchen'".
    public var ownerText: String {
        switch attachment.owner {
        case .task(let id): return "task #\(id.rawValue) '\(ownerTitle)'"
        case .page(let id): return "page #\(id.rawValue) '\(ownerTitle)'"
        }
    }
}

/// What an attachment tool did to one attachment.
public struct AttachmentOutput: ToolOutput {
    public enum Event: Sendable, Hashable {
        /// Attached; `newObject` false when the same content was stored already.
        case attached(newObject: Bool)
        case detached(referencesLeft: Int)
        /// A copy written to `path`, or (nil) the stored file's path given.
        case opened(copy: String?)
    }

    public var item: AttachmentItem
    public var event: Event
    /// Why an upload that was configured did not happen (the attachment itself is kept).
    public var uploadProblem: String?

    public init(item: AttachmentItem, event: Event, uploadProblem: String? = nil) {
        self.item = item
        self.event = event
        self.uploadProblem = uploadProblem
    }

    /// The task the attachment belongs to (none for a page's).
    public var focusTask: TaskID? {
        if case .task(let id) = item.attachment.owner { return id }
        return nil
    }

    public static let schema = OutputSchema.object(
        ["attachment": AttachmentItem.schema, "stored_once_already": OutputSchema.boolean, "references_left": OutputSchema.integer,
         "note": OutputSchema.string, "path": OutputSchema.string, "upload_problem": OutputSchema.string],
        optional: ["stored_once_already", "references_left", "note", "path", "upload_problem"])

    public func json(_ format: ResultFormat) -> [String: JSONValue] {
        var members: [String: JSONValue] = ["attachment": item.json(format)]
        switch event {
        case .attached(let newObject): members["stored_once_already"] = .bool(!newObject)
        case .detached(let left):
            members["references_left"] = .int(left)
            if left == 0 { members["note"] = "the bytes stay in the store until `tasker gc`, so detach can be undone" }
        case .opened(let copy): if let path = copy ?? item.storedPath { members["path"] = .string(path) }
        }
        if let uploadProblem { members["upload_problem"] = .string(uploadProblem) }
        return members
    }
}

extension TaskToolkit {
    /// The object store, or the refusal saying attachments are not available here.
    func requireObjects() -> Result<ObjectStore, ToolRefusal> {
        guard let objects else { return .failure(ToolRefusal("attachments are not available: this toolkit has no object store")) }
        return .success(objects)
    }

    /// An attachment with its owner's title and stored path (none for an agent).
    func item(_ attachment: Attachment) throws -> AttachmentItem {
        let title: String
        switch attachment.owner {
        case .task(let id): title = (try? Tasks(store).task(id).title) ?? "?"
        case .page(let id): title = (try? Pages(store).page(id).title) ?? "?"
        }
        return AttachmentItem(attachment: attachment, ownerTitle: title, storedPath: storedPath(of: attachment))
    }

    /// Where an attachment's object is stored, for the owner's doors; nil for an agent's (confined access).
    func storedPath(of attachment: Attachment) -> String? {
        files.isConfined ? nil : objects?.path(of: attachment) ?? ""
    }

    /// A path as a person writes it: `~` and `~/…` under HOME.
    public static func expandHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}

/// What an attachment belongs to, as a tool argument names it: a task or a page, by id or title.
public enum AttachmentTarget: Sendable, Hashable {
    case task(TaskReference)
    case page(PageReference)

    /// From `task` or `page` (exactly one; `required` false allows neither).
    static func read(_ arguments: ToolArguments, required: Bool) throws -> AttachmentTarget? {
        let task = arguments.taskReference("task")
        let page = arguments.has("page") && arguments["page"] != nil ? try arguments.pageReference("page") : nil
        switch (task, page) {
        case (let task?, nil):
            if case .title(let title) = task, title.trimmingCharacters(in: .whitespaces).isEmpty {
                throw arguments.invalid("name the task with its id (a number) or title (text)")
            }
            return .task(task)
        case (nil, let page?): return .page(page)
        case (nil, nil):
            if required { throw arguments.invalid("name what to attach to: task (id or title) or page (id or title)") }
            return nil
        default: throw arguments.invalid("give task or page, not both")
        }
    }

    var arguments: [String: JSONValue] {
        switch self {
        case .task(let reference): return ["task": reference.value]
        case .page(.id(let id)): return ["page": .int(Int(id))]
        case .page(.title(let title)): return ["page": .string(title)]
        }
    }

    /// The owner it names, or the refusal (no match, several).
    func resolve(in toolkit: TaskToolkit) throws -> Result<(owner: AttachmentOwner, title: String), ToolRefusal> {
        switch self {
        case .task(let reference):
            return try toolkit.findEditable(reference).map { (.task($0.id), $0.title) }
        case .page(let reference):
            return try toolkit.findPage(reference).map { (.page($0.id), $0.title) }
        }
    }
}
