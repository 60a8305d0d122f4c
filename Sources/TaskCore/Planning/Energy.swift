/// The kind of attention a task needs, used by the day planner to match a mood.
public enum Energy: String, Sendable, Hashable, CaseIterable {
    case quick, focused, deep

    /// Every spelling, in order, between `separator`s ("quick|focused|deep"). A plain loop rather
    /// than `joined(separator:)`: `tasker plan`'s usage line is built whenever the command table is
    /// searched, and the generic `joined` costs every command's start a scan of the binary's
    /// protocol conformances (~0.3 M instructions) the first time it runs.
    public static func spellings(separator: String) -> String {
        var text = ""
        for energy in allCases {
            if !text.isEmpty { text += separator }
            text += energy.rawValue
        }
        return text
    }
}
