/// A day of the week, Monday first (weeks start on Monday in Tasker).
public enum Weekday: String, Sendable, Hashable, CaseIterable, Comparable {
    case mon, tue, wed, thu, fri, sat, sun

    /// 1 for Monday up to 7 for Sunday (ISO 8601).
    public var isoNumber: Int {
        switch self {
        case .mon: 1
        case .tue: 2
        case .wed: 3
        case .thu: 4
        case .fri: 5
        case .sat: 6
        case .sun: 7
        }
    }

    /// The weekday of Foundation's `Calendar` component `weekday` (1 = Sunday … 7 = Saturday).
    public init(calendarWeekday: Int) {
        self = Weekday.allCases[(calendarWeekday + 5) % 7]
    }

    /// Foundation's `Calendar` weekday number (1 = Sunday … 7 = Saturday).
    public var calendarWeekday: Int { isoNumber % 7 + 1 }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.isoNumber < b.isoNumber }
}
