import Foundation
import TaskCore

/// A task row made from its column declarations (`TaskColumn`): the SELECT list, INSERT and UPDATE
/// text, the values to bind in their order, and reading a row into its root by the names selected.
///
/// Built once per root (a `static let`): the SQL is text generated here, and each reader has its
/// columns' indexes resolved by name when the layout is made, so a row is read with no name looked
/// up (docs/PERFORMANCE.md compares it with the hand-counted positions it replaced).
struct TaskRowLayout<Root: Sendable>: Sendable {
    let columns: [TaskColumn<Root>]
    /// `SELECT`'s column list (`t.title, l.name AS list, …`).
    let selection: String
    /// The FROM clause (with the joins the reads name).
    let from: String
    /// The columns written on insert, in binding order; the update's are those not insert-only.
    let insertColumns: [String]
    let updateColumns: [String]
    /// The names selected, in order (what a statement of `select` calls its result columns).
    let names: [String]
    private let insertPlaceholders: [String]
    private let updatePlaceholders: [String]
    private let readers: [@Sendable (inout Root, Statement) -> Void]
    /// Each value's closure in binding order, flat: a row is bound by one loop over these, not by
    /// walking the columns and their writes (copying each declaration retains its arrays and strings).
    private let insertWriters: [@Sendable (inout Root, TaskRowContext) -> DatabaseValue]
    private let updateWriters: [@Sendable (inout Root, TaskRowContext) -> DatabaseValue]
    /// The root every read starts from (each declared field is then set).
    private let blank: Root

    /// - Parameter blank: the root every read starts from (each declared field is then set).
    init(_ columns: [TaskColumn<Root>], from: String, blank: @escaping @Sendable () -> Root) {
        self.columns = columns
        self.from = from
        self.blank = blank()
        // One pass, no dictionary: the layouts are made at every start, before the first task is read.
        var names: [String] = [], selection = "", inserted: [TaskColumn<Root>.Write] = [], updated: [TaskColumn<Root>.Write] = []
        for column in columns {
            for read in column.reads {
                if !names.isEmpty { selection += ", " }
                selection += read.expression
                names.append(read.name)
            }
            for write in column.writes {
                inserted.append(write)
                if !column.insertOnly { updated.append(write) }
            }
        }
        self.names = names
        self.selection = selection
        insertColumns = inserted.map(\.column)
        insertPlaceholders = inserted.map(\.placeholder)
        insertWriters = inserted.map(\.value)
        updateColumns = updated.map(\.column)
        updatePlaceholders = updated.map(\.placeholder)
        updateWriters = updated.map(\.value)
        readers = columns.map { $0.reader { name in names.firstIndex(of: name).map(Int32.init) ?? -1 } }
    }

    /// The index of `name` in `select`'s result, -1 when it is not selected.
    func index(_ name: String) -> Int32 { names.firstIndex(of: name).map(Int32.init) ?? -1 }

    /// `SELECT <columns> FROM … <tail>`.
    func select(_ tail: String) -> String { "SELECT \(selection) \(from) \(tail)" }

    /// `INSERT INTO tasks(<leading>, <columns>) VALUES (…)`: `leading` columns (the row id on a
    /// restore) are bound first, before `insertValues`.
    func insertSQL(leading: [String] = []) -> String {
        "INSERT INTO tasks(\((leading + insertColumns).joined(separator: ", "))) VALUES ("
            + (Array(repeating: "?", count: leading.count) + insertPlaceholders).joined(separator: ", ") + ")"
    }

    /// `UPDATE tasks SET <column> = ?, … WHERE id = ?` (the id is bound after `updateValues`).
    var updateSQL: String {
        "UPDATE tasks SET " + zip(updateColumns, updatePlaceholders).map { "\($0) = \($1)" }.joined(separator: ", ") + " WHERE id = ?"
    }

    /// The values of `insertSQL`, in its order.
    func insertValues(_ root: Root, _ context: TaskRowContext) -> [DatabaseValue] { Self.values(insertWriters, root, context) }

    /// The values of `updateSQL`, in its order (without the id).
    func updateValues(_ root: Root, _ context: TaskRowContext) -> [DatabaseValue] { Self.values(updateWriters, root, context) }

    /// Each writer's value for `root`, in order (one more place reserved: the caller's id).
    private static func values(
        _ writers: [@Sendable (inout Root, TaskRowContext) -> DatabaseValue], _ root: Root, _ context: TaskRowContext
    ) -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        values.reserveCapacity(writers.count + 1)
        var root = root
        writers.withUnsafeBufferPointer { writers in
            for value in writers { values.append(value(&root, context)) }
        }
        return values
    }

    /// The current row of a statement of `select`, read by the names it selected.
    func read(_ s: Statement) -> Root {
        var root = blank
        readers.withUnsafeBufferPointer { readers in
            for reader in readers { reader(&root, s) }
        }
        return root
    }
}
