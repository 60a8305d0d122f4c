import Foundation

/// When a task asks to be reminded, besides at its due time: some minutes before it, or at a fixed
/// instant. Without one, the early warning comes `ReminderSchedule.defaultLeadMinutes` before the due.
public enum ReminderSetting: Sendable, Hashable {
    case minutesBefore(Int)
    case at(Date)

    /// The stored text: `"30m"` for minutes before, or whole seconds since 1970 for an instant.
    public var storageText: String {
        switch self {
        case .minutesBefore(let m): return "\(m)m"
        case .at(let instant): return String(Int64(instant.timeIntervalSince1970.rounded(.down)))
        }
    }

    public init?(storageText text: String) {
        if text.hasSuffix("m"), let m = Int(text.dropLast()), m >= 0 {
            self = .minutesBefore(m)
        } else if let seconds = Int64(text) {
            self = .at(Date(timeIntervalSince1970: TimeInterval(seconds)))
        } else {
            return nil
        }
    }
}
