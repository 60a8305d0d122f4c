import Foundation
import TaskCore
import TaskStore

/// `attach_file`: copies a file into the attachment store and attaches it to a task or a page.
public struct AttachFile: Tool, ArgumentsExpressible {
    public static let definition = ToolDefinition(
        name: "attach_file", title: "Attach a file",
        description: "Copy a file into Tasker's store and attach it to a task or page (by id or title). An agent's path is a file name in its own folder.",
        inputSchema: Schema.arguments([
            "path": Schema.string(nil, minLength: 1),
            "task": Schema.idOrTitle(),
            "page": Schema.idOrTitle(),
            "name": Schema.string("Default: the file's name.", minLength: 1),
            "encrypt": Schema.flag,
        ], required: ["path"]),
        scope: .writeTasks, idempotent: false, destructive: false)

    public var path: String
    public var target: AttachmentTarget
    public var name: String?
    /// Encrypt the stored copy; nil: config `attachments.encrypt` decides.
    public var encrypt: Bool?

    public init(path: String, target: AttachmentTarget, name: String? = nil, encrypt: Bool? = nil) {
        self.path = path
        self.target = target
        self.name = name
        self.encrypt = encrypt
    }

    public init(_ arguments: ToolArguments) throws {
        guard let path = arguments.text("path"), !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw arguments.invalid("path is empty; give the file to attach")
        }
        self.init(path: path, target: try AttachmentTarget.read(arguments, required: true)!, name: arguments.string("name"),
                  encrypt: arguments.has("encrypt") ? arguments.bool("encrypt") : nil)
    }

    public var arguments: JSONValue {
        var object = target.arguments
        object["path"] = .string(path)
        if let name { object["name"] = .string(name) }
        if let encrypt { object["encrypt"] = .bool(encrypt) }
        return .object(object)
    }

    /// The name shown for the attachment when none is given: the file's own, as the caller named it.
    var fileName: String { name ?? URL(fileURLWithPath: TaskToolkit.expandHome(path)).lastPathComponent }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        switch try target.resolve(in: toolkit) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let found):
            let file = fileName
            let size = try toolkit.files.reading(path) { file, _ in
                (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int).flatMap { $0 }
            }
            let kind: String
            switch found.owner {
            case .task(let id): kind = "task #\(id.rawValue)"
            case .page(let id): kind = "page #\(id.rawValue)"
            }
            return .ready("Attach \(file)\(size.map { " (\(ByteCount.text(Int64($0))))" } ?? "") to \(kind) '\(found.title)'")
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<AttachmentOutput> {
        let objects: ObjectStore
        switch toolkit.requireObjects() {
        case .success(let found): objects = found
        case .failure(let refusal): return .refused(refusal)
        }
        switch try target.resolve(in: toolkit) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let found):
            // Confined: the descriptor opened inside the agent's folder is what gets copied in.
            let (attachment, stored) = try toolkit.files.reading(path) { file, shown in
                do {
                    return try Attachments(toolkit.store).attachFile(file, name: fileName, to: found.owner, objects: objects, encrypt: encrypt)
                } catch TaskStoreError.attachmentIngestFailed(_, let reason) {
                    throw TaskStoreError.attachmentIngestFailed(path: shown, reason: reason)
                }
            }
            var uploadProblem: String?
            var current = attachment
            if let uploader = toolkit.uploader, attachment.remoteURL == nil {
                do {
                    let url = try uploader.upload(storedFile: objects.path(of: attachment))
                    try Attachments(toolkit.store).setRemoteURL(url, forObject: stored.sha256, encoding: attachment.encoding)
                    current.remoteURL = url
                } catch {
                    uploadProblem = toolkit.files.scrubbed("\(error)", database: toolkit.store.path)
                }
            }
            let item = AttachmentItem(attachment: current, ownerTitle: found.title, storedPath: toolkit.storedPath(of: current))
            return .done(AttachmentOutput(item: item, event: .attached(newObject: stored.isNew), uploadProblem: uploadProblem))
        }
    }

    public func undo(after output: AttachmentOutput) -> UndoAction? {
        let attachment = output.item.attachment
        return UndoAction("Detached '\(attachment.name)'") { store in try Attachments(store).detach(attachment.id) }
    }

    /// Attaching reads a file: an approval pins its bytes.
    public func footprint(in toolkit: TaskToolkit) throws -> CallFootprint {
        var footprint = CallFootprint(scope: Self.definition.scope)
        footprint.fileRead = path
        return footprint
    }
}
