import Foundation
import TaskCore
import TaskStore

/// `list_attachments`: the files attached to a task or a page, or every attachment.
public struct ListAttachments: Tool, ArgumentsExpressible {
    public static let definition = ToolDefinition(
        name: "list_attachments", title: "List attachments",
        description: "The files attached to a task or page (by id or title), or all.",
        inputSchema: Schema.arguments([
            "task": Schema.idOrTitle(),
            "page": Schema.idOrTitle(),
        ]),
        scope: .read, idempotent: true, destructive: false)

    public var target: AttachmentTarget?

    public init(target: AttachmentTarget? = nil) { self.target = target }

    public init(_ arguments: ToolArguments) throws { self.init(target: try AttachmentTarget.read(arguments, required: false)) }

    public var arguments: JSONValue { .object(target?.arguments ?? [:]) }

    public struct Output: ToolOutput {
        public var items: [AttachmentItem]
        /// The task or page asked about ("task #3 'Dentist'"), nil for every attachment.
        public var owner: String?

        public static let schema = OutputSchema.object(OutputSchema.listing("attachments", AttachmentItem.schema))

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            ["attachments": .array(items.map { $0.json(format) }), "count": .int(items.count)]
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        guard let target else {
            return .done(Output(items: try Attachments(toolkit.store).attachments().map(toolkit.item), owner: nil))
        }
        switch try target.resolve(in: toolkit) {
        case .failure(let refusal): return .refused(refusal)
        case .success(let found):
            let items = try Attachments(toolkit.store).attachments(of: found.owner).map {
                AttachmentItem(attachment: $0, ownerTitle: found.title, storedPath: toolkit.storedPath(of: $0))
            }
            let kind: String
            switch found.owner {
            case .task(let id): kind = "task #\(id.rawValue)"
            case .page(let id): kind = "page #\(id.rawValue)"
            }
            return .done(Output(items: items, owner: "\(kind) '\(found.title)'"))
        }
    }
}
