import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// `agent undo NAME --since T` for every door (the command line, the chat's `/agent undo`, the web
/// page): the agent looked up, T read, every change the agent made since taken back
/// (`AgentChanges.undo`), and the report in lines.
///
/// T is read as `receipts --since` reads it — ISO 8601 (`2026-12-05T14:00`, `2026-12-05`) or the
/// grammar's date phrases (`today`, `yesterday 3pm`) — and also as an age back from now: `90m`,
/// `2h`, `1d`, `1w`. A time still to come is refused: it would undo nothing, which is never what
/// was meant.
public struct AgentUndo {
    public let toolkit: TaskToolkit

    public init(toolkit: TaskToolkit) { self.toolkit = toolkit }

    /// What undoing `agent`'s changes since `since` did, or would do with `dryRun`.
    /// - Throws: `TaskStoreError.agentNotFound`; `ToolkitError.invalidArguments` for a time that cannot
    ///   be read or is still to come; `TaskStoreError` when the database fails.
    public func run(agent name: String, since text: String, dryRun: Bool) throws -> AgentUndoReport {
        let store = toolkit.store
        guard let agent = try Agents(store).agent(named: name) else { throw TaskStoreError.agentNotFound(name) }
        let since = try self.since(text)
        return try AgentChanges(store).undo(agentID: agent.id, agentName: agent.name, since: since, dryRun: dryRun)
    }

    /// The report in lines, the time shown in the store's zone.
    public func lines(_ report: AgentUndoReport) -> [String] {
        report.lines(since: ISODate.format(report.since, in: toolkit.store.timeZone))
    }

    /// Reads T: an age (`2h`), ISO 8601 or a date phrase; never a time to come.
    /// - Throws: `ToolkitError.invalidArguments` naming what would be read.
    public func since(_ text: String) throws -> Date {
        let now = toolkit.store.clock()
        let units: [Character: Double] = ["m": 60, "h": 3600, "d": 86_400, "w": 7 * 86_400]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let unit = trimmed.last.flatMap({ units[$0] }), let count = Int(trimmed.dropLast()), count >= 0 {
            return now.addingTimeInterval(-Double(count) * unit)
        }
        guard let date = try toolkit.date(trimmed, argument: "--since", tool: "agent undo") else {
            throw ToolkitError.invalidArguments(tool: "agent undo", message: "give --since T")
        }
        if date > now {
            throw ToolkitError.invalidArguments(
                tool: "agent undo",
                message: "--since '\(text)' is \(ISODate.format(date, in: toolkit.store.timeZone)), still to come; give a time in the past, such as 2h, today or 2026-12-05T09:00")
        }
        return date
    }
}
