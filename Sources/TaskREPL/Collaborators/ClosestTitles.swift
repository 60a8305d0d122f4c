import TaskCore

/// The open tasks whose titles come closest to words that named none ("done the taxs"): most words
/// in common first, then the smallest edit distance between the whole titles.
enum ClosestTitles {
    static func rank(_ words: String, among tasks: [TaskItem], limit: Int = 3) -> [TaskItem] {
        let wanted = Set(Self.words(words))
        let lower = words.lowercased()
        let scored = tasks.map { task -> (task: TaskItem, shared: Int, distance: Int) in
            let title = task.title.lowercased()
            return (task, Set(Self.words(title)).intersection(wanted).count, SlashCommand.editDistance(lower, title))
        }
        return scored.sorted { ($1.shared, $0.distance, $0.task.id.rawValue) < ($0.shared, $1.distance, $1.task.id.rawValue) }
            .prefix(limit).map(\.task)
    }

    /// The words of a title that say something (two letters or more, lower-cased).
    private static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { $0.count > 1 }
    }
}
