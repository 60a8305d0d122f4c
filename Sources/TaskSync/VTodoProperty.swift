/// One VTODO property Tasker writes, declared once: its name, the fields its value is made from, and
/// how its line is made.
///
/// A patch rewrites a property when any field it reads changed, and takes out every line of that
/// name first: the names a patch removes are exactly the names it can write (`VTodoMapping.properties`),
/// so a VTODO never gets a second DUE beside the server's first.
struct VTodoProperty: Sendable {
    var name: String
    /// The fields its value depends on: a change to any of them rewrites it.
    var reads: Set<String>
    /// The rest of its line after the name (`;VALUE=DATE:20261210`, `:Pay rent`), nil when the fields give none.
    var value: @Sendable (TaskFields) -> String?

    init(_ name: String, reads: Set<String>, _ value: @escaping @Sendable (TaskFields) -> String?) {
        self.name = name
        self.reads = reads
        self.value = value
    }

    /// The content line for `fields`, or nil when the property is left out.
    func line(_ fields: TaskFields) -> String? { value(fields).map { name + $0 } }
}
