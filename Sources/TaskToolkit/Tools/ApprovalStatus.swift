import Foundation
import TaskCore
import TaskStore

/// `approval_status`: where a call that waited for the owner's approval is now. Reads only; no tool
/// approves (only the person, with `tasker approve` or the chat's `/approvals`).
public struct ApprovalStatusTool: Tool {
    public static let definition = ToolDefinition(
        name: "approval_status", title: "Check an approval",
        description: "The status of a call that returned pending_approval, with its result once executed; only the owner approves.",
        inputSchema: Schema.arguments([
            "approval_id": Schema.string(nil, minLength: 1)
        ], required: ["approval_id"]),
        scope: .read, idempotent: true, destructive: false)

    public var approvalID: String

    public init(approvalID: String) { self.approvalID = approvalID }

    public init(_ arguments: ToolArguments) throws { self.init(approvalID: arguments.string("approval_id") ?? "") }

    public struct Output: ToolOutput {
        public var approval: ApprovalRecord

        public static let schema = OutputSchema.object(
            ["approval_id": OutputSchema.string, "status": OutputSchema.string, "tool": OutputSchema.string,
             "created": OutputSchema.nullableString, "expires": OutputSchema.nullableString, "decided": OutputSchema.nullableString,
             "reason": OutputSchema.nullableString, "result": OutputSchema.any])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            var members: [String: JSONValue] = [
                "approval_id": .string(approval.id), "status": .string(approval.status.rawValue), "tool": .string(approval.tool),
                "created": format.date(approval.created), "expires": format.date(approval.expires), "decided": format.date(approval.decided),
                "reason": .string(approval.reason),
            ]
            members["result"] = approval.result.flatMap { try? JSONValue.parse($0) } ?? .null
            return members
        }
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        // An agent sees only its own requests (another agent's looks like none at all); the owner sees every one.
        guard let approval = try Approvals(toolkit.store).approval(id: approvalID), toolkit.agentID == nil || approval.agentID == toolkit.agentID else {
            return .refused(ToolRefusal("no approval request '\(approvalID)'; use the approval_id a pending call returned"))
        }
        return .done(Output(approval: approval))
    }
}
