import TaskCore

/// What changed since a point, for `changes_since` (tasks, pages): the records changed and the ids
/// deleted, merged into one stream in the order it happened — the second, then the id, a deletion
/// before a record changed at the same second and id (the id was deleted, then taken again) — and
/// cut a page at a time. Each page ends at a `ChangePosition` the next one starts after.
struct ChangeFeed<Item> {
    var items: [Item] = []
    /// The ids deleted on this page, in the order they went.
    var deleted: [Int64] = []
    var hasMore = false
    /// Where the next page starts (set when `hasMore`).
    var next: ChangePosition?

    /// The first `limit` of `changed` (read after `position.changedAfter`, each at `at(item)`) and
    /// `deletions` (read after `position.deletedAfter`), merged. Each list must hold up to `limit + 1`
    /// so that whether more follow is known.
    init(changed: [Item], at: (Item) -> TaskQuery.Change, deletions: [TaskQuery.Change], limit: Int) {
        var c = changed.startIndex, d = deletions.startIndex
        var last: ChangePosition?
        while items.count + deleted.count < limit && (c < changed.endIndex || d < deletions.endIndex) {
            let deletion = d < deletions.endIndex ? deletions[d] : nil
            if c < changed.endIndex, deletion.map({ Self.key(at(changed[c])) < Self.key($0) }) ?? true {
                last = ChangePosition(change: at(changed[c]))
                items.append(changed[c])
                c += 1
            } else if let deletion {
                last = ChangePosition(change: deletion, deletion: true)
                deleted.append(deletion.id)
                d += 1
            }
        }
        hasMore = c < changed.endIndex || d < deletions.endIndex
        next = hasMore ? last : nil
    }

    private static func key(_ change: TaskQuery.Change) -> (Int64, Int64) { (change.updated, change.id) }
}
