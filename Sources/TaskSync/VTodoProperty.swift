import TaskCore

/// One VTODO property Tasker writes, declared once: its name, the fields its value is made from, and
/// how its line is made.
///
/// A patch rewrites a property when any field it reads changed, and takes out every line of that
/// name first: the names a patch removes are exactly the names it can write (`VTodoMapping.properties`),
/// so a VTODO never gets a second DUE beside the server's first.
struct VTodoProperty: Sendable {
    var name: String
    /// The `sync` keys of the fields its value depends on: a change to any of them rewrites it.
    var reads: Set<String>
    /// The rest of each of its lines after the name (`;VALUE=DATE:20261210`, `:Pay rent`); none when the
    /// fields give none. Most properties have at most one line; `X-TASKER-COMPLETIONS` has one per zone.
    var values: @Sendable (TaskFields) -> [String]

    /// A property with at most one line.
    init(_ name: String, reads: [TaskField], _ value: @escaping @Sendable (TaskFields) -> String?) {
        self.init(name, reads: reads, lines: { value($0).map { [$0] } ?? [] })
    }

    /// A property with a line per value; `reads` are the fields (their `sync` keys are what a patch compares).
    init(_ name: String, reads: [TaskField], lines: @escaping @Sendable (TaskFields) -> [String]) {
        self.name = name
        self.reads = Set(reads.compactMap { $0.member(at: .sync)?.key })
        self.values = lines
    }

    /// The content lines for `fields` (none when the property is left out).
    func lines(_ fields: TaskFields) -> [String] { values(fields).map { name + $0 } }
}
