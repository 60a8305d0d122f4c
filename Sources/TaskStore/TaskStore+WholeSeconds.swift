import Foundation

extension TaskStore {
    /// `date` rounded down to whole seconds, as every stored time is (for records made outside the store).
    public static func wholeSecondsDate(_ date: Date) -> Date { wholeSeconds(date) }
}
