import Foundation
import TaskCore
import TaskStore

/// `detach`: removes an attachment from its task or page. The bytes stay in the store until
/// `tasker gc` finds nothing else naming them, so the chat's /undo can bring it back.
public struct Detach: Tool, ArgumentsExpressible {
    public static let definition = ToolDefinition(
        name: "detach", title: "Detach an attachment",
        description: "Remove an attachment (id from list_attachments) from its task or page.",
        inputSchema: Schema.arguments(["id": Schema.integer(nil, minimum: 1)], required: ["id"]),
        scope: .destructive, idempotent: false, destructive: true)

    public var id: AttachmentID

    public init(id: AttachmentID) { self.id = id }

    public init(_ arguments: ToolArguments) throws {
        guard let id = arguments.int("id") else { throw arguments.invalid("give the attachment's id (a number)") }
        self.init(id: AttachmentID(Int64(id)))
    }

    public var arguments: JSONValue { ["id": .int(Int(id.rawValue))] }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        let item = try toolkit.item(try Attachments(toolkit.store).attachment(id))
        return .ready("Detach '\(item.attachment.name)' from \(item.ownerText)")
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<AttachmentOutput> {
        let item = try toolkit.item(try Attachments(toolkit.store).attachment(id))
        let removed = try Attachments(toolkit.store).detach(id)
        let left = try Attachments(toolkit.store).referenceCount(of: removed.sha256)
        return .done(AttachmentOutput(item: item, event: .detached(referencesLeft: left)))
    }

    public func undo(after output: AttachmentOutput) -> UndoAction? {
        let attachment = output.item.attachment
        return UndoAction("Attached '\(attachment.name)' again") { store in try Attachments(store).restoreAttachments([attachment]) }
    }
}
