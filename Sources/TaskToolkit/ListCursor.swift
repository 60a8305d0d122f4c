import Foundation
import TaskCore

/// The `cursor` strings listings hand out (`next_cursor`): where the next page starts, in the
/// listing's order (`p…`) or in the order tasks or pages changed (`c…`). Opaque to a client, which only passes
/// one back; a string that is not one is a malformed call.
enum ListCursor {
    /// `p<due seconds or ->.<priority rank>.<id>`.
    static func text(_ position: TaskQuery.Position) -> String {
        "p\(position.due.map(String.init) ?? "-").\(position.priorityRank).\(position.id)"
    }

    /// `c<updated seconds>.<id>`.
    static func text(_ change: TaskQuery.Change) -> String { "c\(change.updated).\(change.id)" }

    static func position(_ text: String) -> TaskQuery.Position? {
        guard text.hasPrefix("p") else { return nil }
        let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let rank = Int(parts[1]), let id = Int64(parts[2]) else { return nil }
        if parts[0] == "-" { return TaskQuery.Position(due: nil, priorityRank: rank, id: id) }
        guard let due = Int64(parts[0]) else { return nil }
        return TaskQuery.Position(due: due, priorityRank: rank, id: id)
    }

    static func change(_ text: String) -> TaskQuery.Change? { changePosition(text)?.change }

    /// `c<updated seconds>.<id>`, then `.d` when the change there was a deletion.
    static func text(_ position: ChangePosition) -> String { text(position.change) + (position.deletion ? ".d" : "") }

    static func changePosition(_ text: String) -> ChangePosition? {
        guard text.hasPrefix("c") else { return nil }
        let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && parts[2] == "d"), let updated = Int64(parts[0]), let id = Int64(parts[1]) else { return nil }
        return ChangePosition(change: TaskQuery.Change(updated: updated, id: id), deletion: parts.count == 3)
    }

    /// Every change from the second `date` falls in on (a change in that second may come again).
    static func change(from date: Date) -> TaskQuery.Change {
        TaskQuery.Change(updated: Int64(date.timeIntervalSince1970.rounded(.down)), id: 0)
    }
}
