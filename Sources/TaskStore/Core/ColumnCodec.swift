import Foundation
import TaskCore

/// How a value is stored in one column and read back.
///
/// Each codec is a type of its own (not a pair of closures), so a column declared with it
/// (`TaskColumn.column`) reads its value with a direct call the compiler can inline: a listing reads
/// every column of every task it returns.
protocol ColumnCodec<Value>: Sendable {
    associatedtype Value
    func encode(_ value: Value) -> DatabaseValue
    func decode(_ s: Statement, _ i: Int32) -> Value
}

/// Text, never null.
struct TextCodec: ColumnCodec {
    func encode(_ value: String) -> DatabaseValue { .text(value) }
    func decode(_ s: Statement, _ i: Int32) -> String { s.string(i) }
}

/// Text, or null.
struct OptionalTextCodec: ColumnCodec {
    func encode(_ value: String?) -> DatabaseValue { DatabaseValue(value) }
    func decode(_ s: Statement, _ i: Int32) -> String? { s.optionalString(i) }
}

/// An integer, or null.
struct OptionalIntCodec: ColumnCodec {
    func encode(_ value: Int?) -> DatabaseValue { DatabaseValue(value) }
    func decode(_ s: Statement, _ i: Int32) -> Int? { s.optionalInt(i) }
}

/// Unix seconds.
struct TimeCodec: ColumnCodec {
    func encode(_ value: Date) -> DatabaseValue { DatabaseValue(value) }
    func decode(_ s: Statement, _ i: Int32) -> Date { s.date(i) }
}

/// Unix seconds, or null.
struct OptionalTimeCodec: ColumnCodec {
    func encode(_ value: Date?) -> DatabaseValue { DatabaseValue(value) }
    func decode(_ s: Statement, _ i: Int32) -> Date? { s.optionalDate(i) }
}

/// An ISO day (`2026-12-10`), or null.
struct DayCodec: ColumnCodec {
    func encode(_ value: LocalDate?) -> DatabaseValue { DatabaseValue(value?.description) }
    func decode(_ s: Statement, _ i: Int32) -> LocalDate? { s.optionalString(i).flatMap { LocalDate(iso: $0) } }
}

/// Lines joined by newlines; empty text is no line.
struct LinesCodec: ColumnCodec {
    func encode(_ value: [String]) -> DatabaseValue { .text(value.joined(separator: "\n")) }
    func decode(_ s: Statement, _ i: Int32) -> [String] {
        let text = s.string(i)
        return text.isEmpty ? [] : text.split(separator: "\n").map(String.init)
    }
}

/// Lines joined by newlines, or null.
struct OptionalLinesCodec: ColumnCodec {
    func encode(_ value: [String]?) -> DatabaseValue { DatabaseValue(value.map { $0.joined(separator: "\n") }) }
    func decode(_ s: Statement, _ i: Int32) -> [String]? { s.optionalString(i).map { $0.split(separator: "\n").map(String.init) } }
}

/// A priority as its rank (0 low … 3 critical), clamped on reading.
struct RankCodec: ColumnCodec {
    func encode(_ value: Priority) -> DatabaseValue { .integer(Int64(value.rank)) }
    func decode(_ s: Statement, _ i: Int32) -> Priority { TaskStore.prioritiesByRank[min(max(s.int(i), 0), 3)] }
}

/// A status as its raw text; anything else reads as open.
struct StatusCodec: ColumnCodec {
    func encode(_ value: TaskStatus) -> DatabaseValue { .text(value.rawValue) }
    func decode(_ s: Statement, _ i: Int32) -> TaskStatus { TaskStatus(rawValue: s.string(i)) ?? .open }
}

/// A reminder as its storage text, or null.
struct RemindCodec: ColumnCodec {
    func encode(_ value: ReminderSetting?) -> DatabaseValue { DatabaseValue(value?.storageText) }
    func decode(_ s: Statement, _ i: Int32) -> ReminderSetting? { s.optionalString(i).flatMap(ReminderSetting.init(storageText:)) }
}

/// A task's row id, or null.
struct TaskIDCodec: ColumnCodec {
    func encode(_ value: TaskID?) -> DatabaseValue { DatabaseValue(value?.rawValue) }
    func decode(_ s: Statement, _ i: Int32) -> TaskID? { s.optionalInt64(i).map(TaskID.init) }
}

/// A raw text value, or null; text that is no case reads as nil.
struct RawCodec<Wrapped: RawRepresentable & Sendable>: ColumnCodec where Wrapped.RawValue == String {
    func encode(_ value: Wrapped?) -> DatabaseValue { DatabaseValue(value?.rawValue) }
    func decode(_ s: Statement, _ i: Int32) -> Wrapped? { s.optionalString(i).flatMap(Wrapped.init(rawValue:)) }
}

/// A record's extras: a JSON object as text, or null when empty (`RecordSets.extras`, `extrasValue`).
struct ExtrasCodec: ColumnCodec {
    func encode(_ value: [String: JSONValue]) -> DatabaseValue { RecordSets.extrasValue(value) }
    func decode(_ s: Statement, _ i: Int32) -> [String: JSONValue] { RecordSets.extras(s.optionalString(i)) }
}

extension ColumnCodec where Self == TextCodec { static var text: TextCodec { TextCodec() } }
extension ColumnCodec where Self == OptionalTextCodec { static var optionalText: OptionalTextCodec { OptionalTextCodec() } }
extension ColumnCodec where Self == OptionalIntCodec { static var integer: OptionalIntCodec { OptionalIntCodec() } }
extension ColumnCodec where Self == TimeCodec { static var time: TimeCodec { TimeCodec() } }
extension ColumnCodec where Self == OptionalTimeCodec { static var optionalTime: OptionalTimeCodec { OptionalTimeCodec() } }
extension ColumnCodec where Self == DayCodec { static var day: DayCodec { DayCodec() } }
extension ColumnCodec where Self == LinesCodec { static var lines: LinesCodec { LinesCodec() } }
extension ColumnCodec where Self == OptionalLinesCodec { static var optionalLines: OptionalLinesCodec { OptionalLinesCodec() } }
extension ColumnCodec where Self == RankCodec { static var rank: RankCodec { RankCodec() } }
extension ColumnCodec where Self == StatusCodec { static var status: StatusCodec { StatusCodec() } }
extension ColumnCodec where Self == RemindCodec { static var remind: RemindCodec { RemindCodec() } }
extension ColumnCodec where Self == TaskIDCodec { static var taskID: TaskIDCodec { TaskIDCodec() } }
