import Foundation

/// Places tasks, one after another, into a day's free windows: each goes at the earliest time it fits
/// whole, never across a busy event, with at least `breakMinutes` after the block before it.
///
/// Tasks are never split: a task longer than every free window cannot be placed (`longestWindowMinutes`
/// tells the caller which "no free window" to report). A later, shorter task may still fill a gap an
/// earlier, longer one could not use.
public struct TimeBlocker: Sendable, Hashable {
    /// What is left free, in time order.
    public private(set) var free: [TimeWindow]
    /// The minimum gap after a block.
    public let breakMinutes: Int
    /// The longest window before anything was placed: a task longer than this could never fit.
    public let longestWindowMinutes: Int

    public init(windows: [TimeWindow], breakMinutes: Int) {
        free = windows.filter { $0.start < $0.end }.sorted { $0.start < $1.start }
        self.breakMinutes = max(0, breakMinutes)
        longestWindowMinutes = free.map(\.minutes).max() ?? 0
    }

    /// Reserves the earliest `minutes`-long block that fits in one free window; nil when none does.
    public mutating func place(minutes: Int) -> TimeWindow? {
        let seconds = TimeInterval(max(0, minutes) * 60)
        guard let index = free.firstIndex(where: { $0.end.timeIntervalSince($0.start) >= seconds }) else { return nil }
        let block = TimeWindow(start: free[index].start, end: free[index].start.addingTimeInterval(seconds))
        let rest = block.end.addingTimeInterval(TimeInterval(breakMinutes * 60))
        if rest < free[index].end {
            free[index].start = rest
        } else {
            free.remove(at: index)
        }
        return block
    }
}
