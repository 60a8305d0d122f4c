import TaskCore

/// A place in a `changes_since` stream (`ChangeFeed`): right after the change at `change` (its second,
/// then the id), which was a deletion or not.
struct ChangePosition: Hashable {
    var change: TaskQuery.Change
    var deletion = false

    /// Where the records changed still to come start: a record changed at a deletion's own second
    /// and id comes after it.
    var changedAfter: TaskQuery.Change { deletion ? TaskQuery.Change(updated: change.updated, id: change.id - 1) : change }
    /// Where the deletions still to come start.
    var deletedAfter: TaskQuery.Change { change }
}
