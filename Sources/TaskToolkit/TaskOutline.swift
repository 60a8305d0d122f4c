import TaskCore

/// Tasks in outline order: each parent followed by its subtasks, with their depths.
///
/// A task whose parent is not among the tasks is at the top (depth 0). Siblings keep the order
/// they came in. Built with an explicit stack, so a 10,000-deep chain needs no call stack.
public struct TaskOutline: Sendable {
    public private(set) var tasks: [TaskItem] = []
    public private(set) var depths: [Int] = []

    public init(_ items: [TaskItem]) {
        let present = Set(items.map(\.id))
        var children: [TaskID: [TaskItem]] = [:]
        var roots: [TaskItem] = []
        for task in items {
            if let parent = task.parent, parent != task.id, present.contains(parent) {
                children[parent, default: []].append(task)
            } else {
                roots.append(task)
            }
        }
        var placed = Set<TaskID>()
        var stack: [(TaskItem, Int)] = roots.reversed().map { ($0, 0) }
        while let (task, depth) = stack.popLast() {
            guard placed.insert(task.id).inserted else { continue }
            tasks.append(task)
            depths.append(depth)
            for child in (children[task.id] ?? []).reversed() { stack.append((child, depth + 1)) }
        }
        // A loop in damaged data leaves tasks no root reaches: list them at the top.
        for task in items where !placed.contains(task.id) {
            tasks.append(task)
            depths.append(0)
        }
    }
}
