import Foundation
import TaskCore

/// One field of a task row, declared once: the `TaskField` it stores, the columns of `tasks` it
/// writes, the columns a SELECT reads it from (by name), and its value's accessors and codec.
///
/// A row's INSERT, UPDATE and SELECT are made from a list of these (`TaskRowLayout`), and a row is
/// read by the names it selected: a new column of a task is its declaration in that list (and its
/// migration), not a position to count in four SQL strings.
struct TaskColumn<Root>: Sendable {
    /// One column written: its name, the SQL its value binds to (`?`, or a lookup such as a place's
    /// id by its name), and the value from the root and the row's context.
    struct Write: Sendable {
        var column: String
        var placeholder = "?"
        var value: @Sendable (Root, TaskRowContext) -> DatabaseValue
    }

    /// One column read: its name in the result, and the expression that selects it when that is not
    /// `t.<name>` (a joined table's column, such as the list's name).
    struct Read: Sendable {
        var name: String
        var expression: String

        init(_ name: String, from expression: String? = nil) {
            self.name = name
            self.expression = expression.map { "\($0) AS \(name)" } ?? "t.\(name)"
        }
    }

    /// The field stored (nil for what is no field of its own: the row id).
    var field: TaskField?
    var writes: [Write]
    /// Written on insert only (the UUID, the series anchor): an update leaves them as they are.
    var insertOnly = false
    var reads: [Read]
    /// Makes the reader once per layout, given the index of each name read (names, not positions:
    /// the layout resolves them against the SELECT it generated).
    var reader: @Sendable (_ index: (String) -> Int32) -> @Sendable (inout Root, Statement) -> Void

    /// A field stored in one column of its own name, read from `t.<column>` (or `from`), through `codec`;
    /// `get` and `set` are the value's accessors (closures, not a key path applied at run time: a
    /// row is read for every task listed, and a key path's projection costs several times a property's).
    static func column<Value>(
        _ field: TaskField?, _ column: String, _ get: @escaping @Sendable (Root) -> Value, _ set: @escaping @Sendable (inout Root, Value) -> Void,
        _ codec: ColumnCodec<Value>, from expression: String? = nil
    ) -> TaskColumn {
        TaskColumn(
            field: field, writes: [Write(column: column) { root, _ in codec.encode(get(root)) }],
            reads: [Read(column, from: expression)],
            reader: { index in
                let i = index(column)
                return { root, s in set(&root, codec.decode(s, i)) }
            })
    }

    /// A field read from `name` (a joined table's column) and written as an id the caller resolved.
    static func named<Value>(
        _ field: TaskField, _ name: String, from expression: String, _ set: @escaping @Sendable (inout Root, Value) -> Void, _ codec: ColumnCodec<Value>,
        writes column: String, _ id: @escaping @Sendable (TaskRowContext) -> Int64?
    ) -> TaskColumn {
        TaskColumn(
            field: field, writes: [Write(column: column) { _, context in DatabaseValue(id(context)) }],
            reads: [Read(name, from: expression)],
            reader: { index in
                let i = index(name)
                return { root, s in set(&root, codec.decode(s, i)) }
            })
    }
}

/// What a task row is written with besides its own values: the ids its names resolved to, the stored
/// form of its notes (sealed or clear, decided with the key by the caller), and on insert its UUID and
/// series anchor.
struct TaskRowContext: Sendable {
    var stageID: Int64?
    var listID: Int64
    var projectID: Int64?
    var placeID: Int64? = nil
    var notes: DatabaseValue
    var anchorDay: Int? = nil
    var uuid = ""
}

/// How a value is stored in one column and read back.
struct ColumnCodec<Value>: Sendable {
    var encode: @Sendable (Value) -> DatabaseValue
    var decode: @Sendable (Statement, Int32) -> Value
}

extension ColumnCodec where Value == String {
    static var text: ColumnCodec { ColumnCodec(encode: { .text($0) }, decode: { $0.string($1) }) }
}

extension ColumnCodec where Value == String? {
    static var text: ColumnCodec { ColumnCodec(encode: { DatabaseValue($0) }, decode: { $0.optionalString($1) }) }
}

extension ColumnCodec where Value == Int? {
    static var integer: ColumnCodec { ColumnCodec(encode: { DatabaseValue($0) }, decode: { $0.optionalInt($1) }) }
}

extension ColumnCodec where Value == Date {
    /// Unix seconds.
    static var time: ColumnCodec { ColumnCodec(encode: { DatabaseValue($0) }, decode: { $0.date($1) }) }
}

extension ColumnCodec where Value == Date? {
    static var time: ColumnCodec { ColumnCodec(encode: { DatabaseValue($0) }, decode: { $0.optionalDate($1) }) }
}

extension ColumnCodec where Value == LocalDate? {
    /// An ISO day (`2026-12-10`).
    static var day: ColumnCodec {
        ColumnCodec(encode: { DatabaseValue($0?.description) }, decode: { $0.optionalString($1).flatMap { LocalDate(iso: $0) } })
    }
}

extension ColumnCodec where Value == [String] {
    /// Lines joined by newlines; empty text is no line.
    static var lines: ColumnCodec {
        ColumnCodec(encode: { .text($0.joined(separator: "\n")) }, decode: { s, i in
            let text = s.string(i)
            return text.isEmpty ? [] : text.split(separator: "\n").map(String.init)
        })
    }
}

extension ColumnCodec where Value == [String]? {
    /// Lines joined by newlines, or null.
    static var lines: ColumnCodec {
        ColumnCodec(encode: { DatabaseValue($0.map { $0.joined(separator: "\n") }) },
                    decode: { $0.optionalString($1).map { $0.split(separator: "\n").map(String.init) } })
    }
}

extension ColumnCodec where Value == Priority {
    /// Its rank (0 low … 3 critical), clamped on reading.
    static var rank: ColumnCodec {
        ColumnCodec(encode: { .integer(Int64($0.rank)) }, decode: { TaskStore.prioritiesByRank[min(max($0.int($1), 0), 3)] })
    }
}

extension ColumnCodec where Value == TaskStatus {
    /// Its raw text; anything else reads as open.
    static var status: ColumnCodec {
        ColumnCodec(encode: { .text($0.rawValue) }, decode: { TaskStatus(rawValue: $0.string($1)) ?? .open })
    }
}

extension ColumnCodec where Value == ReminderSetting? {
    static var remind: ColumnCodec {
        ColumnCodec(encode: { DatabaseValue($0?.storageText) }, decode: { $0.optionalString($1).flatMap(ReminderSetting.init(storageText:)) })
    }
}

extension ColumnCodec where Value == TaskID? {
    static var taskID: ColumnCodec {
        ColumnCodec(encode: { DatabaseValue($0?.rawValue) }, decode: { $0.optionalInt64($1).map(TaskID.init) })
    }
}

extension ColumnCodec {
    /// A raw text value, or null; text that is no case reads as nil.
    static func raw<Wrapped: RawRepresentable>(_: Wrapped.Type) -> ColumnCodec where Value == Wrapped?, Wrapped.RawValue == String {
        ColumnCodec(encode: { DatabaseValue($0?.rawValue) }, decode: { $0.optionalString($1).flatMap(Wrapped.init(rawValue:)) })
    }
}
