import TaskToolkit

/// The changes this chat session made that can be taken back, newest last, for /undo; and a count
/// of every change made, which only grows (the cache of completion words compares it).
struct UndoLog {
    private var actions: [UndoAction] = []
    /// How many changes were recorded or undone so far.
    private(set) var generation = 0

    /// Notes one change, with how to take it back when it can be.
    mutating func record(_ action: UndoAction?) {
        if let action { actions.append(action) }
        generation += 1
    }

    /// The newest change, taken off the log.
    mutating func pop() -> UndoAction? {
        guard let action = actions.popLast() else { return nil }
        generation += 1
        return action
    }

    var isEmpty: Bool { actions.isEmpty }
}
