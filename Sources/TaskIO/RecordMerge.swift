import TaskCore

/// The merge rule on records as JSON objects: the winner's fields over the loser's, a field the
/// winner lacks kept from the loser, and `"x"` merged the same way one level down. Bundles, Taskwarrior,
/// todo.txt (`RecordImporter`) and iCalendar (`VTodoFile`) imports all merge with it.
public enum RecordMerge {
    /// `winner` over `loser`: every non-null member of the winner, and the loser's members the winner lacks.
    public static func merge(winner: [String: JSONValue], loser: [String: JSONValue]) -> [String: JSONValue] {
        var out = loser
        for (key, value) in winner where value != .null {
            if key == "x", let mine = value.objectValue, let theirs = out[key]?.objectValue {
                out[key] = .object(merge(winner: mine, loser: theirs))
            } else {
                out[key] = value
            }
        }
        return out
    }
}
