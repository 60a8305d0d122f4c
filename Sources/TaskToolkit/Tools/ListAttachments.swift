import Foundation
import TaskCore
import TaskStore

/// `list_attachments`: the files attached to a task or a page, or every attachment, oldest first, a
/// page at a time.
public struct ListAttachments: Tool, ArgumentsExpressible {
    public static let definition = ToolDefinition(
        name: "list_attachments", title: "List attachments",
        description: "The files attached to a task or page (by id or title), or all.",
        inputSchema: Schema.arguments(ListPaging.arguments.merging([
            "task": Schema.idOrTitle(),
            "page": Schema.idOrTitle(),
        ]) { a, _ in a }),
        scope: .read, idempotent: true, destructive: false)

    /// Attachments on a page when `limit` is not given.
    public static let defaultLimit = 8

    public var target: AttachmentTarget?
    public var paging: ListPaging

    public init(target: AttachmentTarget? = nil, paging: ListPaging = ListPaging(limit: defaultLimit, tag: "a")) {
        self.target = target
        self.paging = paging
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(target: try AttachmentTarget.read(arguments, required: false), paging: try ListPaging(arguments, tag: "a", defaultLimit: Self.defaultLimit))
    }

    public var arguments: JSONValue { .object(target?.arguments ?? [:]) }

    public struct Output: ToolOutput {
        public var page: ListPage<AttachmentItem>
        public var items: [AttachmentItem] { page.items }
        /// The task or page asked about ("task #3 'Dentist'"), nil for every attachment.
        public var owner: String?

        public static let schema = ListPaging.listing("attachments", AttachmentItem.schema)

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            page.members.merging(["attachments": .array(items.map { $0.json(format) }), "count": .int(items.count)]) { a, _ in a }
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        guard let target else {
            let items = try Attachments(toolkit.store).attachments().map(toolkit.item)
            return .done(Output(page: paging.page(items) { ListPaging.Key("", $0.attachment.id.rawValue) }, owner: nil))
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
            return .done(Output(page: paging.page(items) { ListPaging.Key("", $0.attachment.id.rawValue) }, owner: "\(kind) '\(found.title)'"))
        }
    }
}
