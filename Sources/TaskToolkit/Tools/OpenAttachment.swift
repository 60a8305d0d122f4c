import Foundation
import TaskCore
import TaskStore

/// `open_attachment`: an attachment's bytes, as a copy written to a path or as the stored file's path.
public struct OpenAttachment: Tool, ArgumentsExpressible {
    public static let definition = ToolDefinition(
        name: "open_attachment", title: "Open an attachment",
        description: "Copy an attachment's bytes (by id) to a new file at path (an agent's path is a file name in its own folder); without path the owner gets the stored file's path.",
        inputSchema: Schema.arguments([
            "id": Schema.integer(nil, minimum: 1),
            "path": Schema.string(nil, minLength: 1),
        ], required: ["id"]),
        scope: .destructive, idempotent: false, destructive: false)

    public var id: AttachmentID
    public var path: String?

    public init(id: AttachmentID, path: String? = nil) {
        self.id = id
        self.path = path
    }

    public init(_ arguments: ToolArguments) throws {
        guard let id = arguments.int("id") else { throw arguments.invalid("give the attachment's id (a number)") }
        self.init(id: AttachmentID(Int64(id)), path: arguments.text("path"))
    }

    public var arguments: JSONValue {
        var object: [String: JSONValue] = ["id": .int(Int(id.rawValue))]
        if let path { object["path"] = .string(path) }
        return .object(object)
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let attachment = try Attachments(toolkit.store).attachment(id)
        guard let path else { return .ready("Show where '\(attachment.name)' is stored") }
        let shown = toolkit.files.isConfined ? "'\(path)' in the agent's folder" : TaskToolkit.expandHome(path)
        return .ready("Write a copy of '\(attachment.name)' (\(ByteCount.text(attachment.size))) to \(shown)")
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<AttachmentOutput> {
        let objects: ObjectStore
        switch toolkit.requireObjects() {
        case .success(let found): objects = found
        case .failure(let refusal): return .refused(refusal)
        }
        let item = try toolkit.item(try Attachments(toolkit.store).attachment(id))
        guard let path else {
            guard let stored = item.storedPath else {
                return .refused(ToolRefusal("an agent gets a copy: give path, a new file name inside your folder (such as copy.pdf)"))
            }
            guard FileManager.default.fileExists(atPath: stored) else {
                throw TaskStoreError.objectUnreadable(sha256: item.attachment.sha256, reason: "\(stored) is missing")
            }
            return .done(AttachmentOutput(item: item, event: .opened(copy: nil)))
        }
        // A copy is private (0600), as the store's own files are.
        let destination = try toolkit.files.newFile(path, ownerOnly: true)
        // An encrypted object opens through its own key (locked: the sealed error, nothing written).
        try Attachments(toolkit.store).objects(for: item.attachment, in: objects).copy(item.attachment.sha256, to: destination)
        return .done(AttachmentOutput(item: item, event: .opened(copy: destination.shown)))
    }
}
