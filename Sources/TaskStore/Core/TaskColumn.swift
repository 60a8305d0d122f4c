import Foundation
import TaskCore

/// One field of a task row, declared once: the `TaskField` it stores, the columns of `tasks` it
/// writes, the columns a SELECT reads it from (by name), and its value's accessors and codec.
///
/// A row's INSERT, UPDATE and SELECT are made from a list of these (`TaskRowLayout`), and a row is
/// read by the names it selected: a new column of a task is its declaration in that list (and its
/// migration), not a position to count in four SQL strings.
struct TaskColumn<Root: Sendable>: Sendable {
    /// One column written: its name, the SQL its value binds to (`?`, or a lookup such as a place's
    /// id by its name), and the value from the root and the row's context. The root is passed
    /// `inout` (it is only read): a task passed by value to a closure stored for any root is copied
    /// at each call, every reference in it retained, and a row binds some thirty values.
    struct Write: Sendable {
        var column: String
        var placeholder = "?"
        var value: @Sendable (inout Root, TaskRowContext) -> DatabaseValue
    }

    typealias Read = TaskColumnRead

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
    static func column<Codec: ColumnCodec>(
        _ field: TaskField?, _ column: String, _ get: @escaping @Sendable (inout Root) -> Codec.Value,
        _ set: @escaping @Sendable (inout Root, Codec.Value) -> Void, _ codec: Codec, from expression: String? = nil
    ) -> TaskColumn {
        TaskColumn(
            field: field, writes: [Write(column: column) { root, _ in codec.encode(get(&root)) }],
            reads: [Read(column, from: expression)],
            reader: { index in
                let i = index(column)
                return { root, s in set(&root, codec.decode(s, i)) }
            })
    }

    /// A field read from `name` (a joined table's column) and written as an id the caller resolved.
    static func named<Codec: ColumnCodec>(
        _ field: TaskField, _ name: String, from expression: String, _ set: @escaping @Sendable (inout Root, Codec.Value) -> Void, _ codec: Codec,
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

/// One column a task row's SELECT reads: its name in the result, and the expression that selects it
/// when that is not `t.<name>` (a joined table's column, such as the list's name).
struct TaskColumnRead: Sendable {
    var name: String
    var expression: String

    init(_ name: String, from expression: String? = nil) {
        self.name = name
        self.expression = expression.map { $0 + " AS " + name } ?? "t." + name
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
