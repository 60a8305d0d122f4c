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

    /// Reads T: an age (`2h`, `3 hours ago`), a day (`2026-12-05`, `today`, `yesterday`, `monday`:
    /// from its start), ISO 8601 with a time, or a phrase with a time (`yesterday 3pm`); never a time to come.
    /// - Throws: `ToolkitError.invalidArguments` naming what would be read.
    public func since(_ text: String) throws -> Date {
        let store = toolkit.store
        let now = store.clock()
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let date: Date
        if let age = Self.age(trimmed) {
            date = now.addingTimeInterval(-age)
        } else if let day = LocalDate(iso: trimmed) {
            date = day.startOfDay(in: store.timeZone)
        } else if trimmed == "yesterday" {
            date = LocalDate(now.addingTimeInterval(-86_400), in: store.timeZone).startOfDay(in: store.timeZone)
        } else if !trimmed.contains(where: \.isNumber) && !trimmed.contains("noon") && !trimmed.contains("midnight") {
            // A phrase without a time names a day: from its start, not the grammar's 9:00 for a due.
            guard let day = try toolkit.day(trimmed, argument: "--since", tool: "agent undo") else { throw ToolkitError.invalidArguments(tool: "agent undo", message: "give --since T") }
            date = day.startOfDay(in: store.timeZone)
        } else {
            guard let read = try toolkit.date(trimmed, argument: "--since", tool: "agent undo") else { throw ToolkitError.invalidArguments(tool: "agent undo", message: "give --since T") }
            date = read
        }
        if date > now {
            throw ToolkitError.invalidArguments(
                tool: "agent undo",
                message: "--since '\(text)' is \(ISODate.format(date, in: store.timeZone)), still to come; give a time in the past, such as 2h, today or 2026-12-05T09:00")
        }
        return date
    }

    /// `90m`, `2h`, `1d`, `1w`, or `3 hours ago` (minutes, hours, days, weeks) in seconds; nil for anything else.
    static func age(_ text: String) -> TimeInterval? {
        let units: [String: Double] = ["m": 60, "min": 60, "minute": 60, "h": 3600, "hour": 3600, "d": 86_400, "day": 86_400, "w": 604_800, "week": 604_800]
        var words = text.split(separator: " ").map(String.init)
        if words.last == "ago" { words.removeLast() }
        if words.count == 1, let unit = words[0].last, let count = Int(words[0].dropLast()), let per = units[String(unit)] {
            return Double(count) * per
        }
        guard words.count == 2, let count = Int(words[0]) else { return nil }
        let unit = words[1].hasSuffix("s") ? String(words[1].dropLast()) : words[1]
        return units[unit].map { Double(count) * $0 }
    }
}
