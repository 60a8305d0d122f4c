/// One option a command accepts, declared once: parsing and `--help` both come from it.
///
/// A flag (`--json`) is given or not; a value option (`--db PATH`) takes the next word or the text
/// after `=` (`--db=PATH`). An option that `answersAlone` (`--help`, `--version`) is answered even
/// when the other words are wrong.
public struct OptionSpec: Sendable, Hashable {
    /// The long spelling, with its dashes: `--json`.
    public let name: String
    /// The short spelling, with its dash: `-h`; nil when there is none.
    public let short: String?
    /// What the value stands for in help (`PATH`); nil for a flag.
    public let valueName: String?
    /// The help line (a `\n` continues it on an indented line).
    public let help: String
    /// Given, the command only answers it (help, version): other words are not checked.
    public let answersAlone: Bool

    /// A flag: given or not.
    public static func flag(_ name: String, short: String? = nil, _ help: String, answersAlone: Bool = false) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help, answersAlone: answersAlone)
    }

    /// An option with a value: `--name VALUE` or `--name=VALUE`.
    public static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, valueName: valueName, help: help, answersAlone: false)
    }

    public var takesValue: Bool { valueName != nil }

    /// How a usage line shows it: `--json`, `--db PATH`.
    public var usage: String { valueName.map { "\(name) \($0)" } ?? name }

    /// How the options table shows it: `--db PATH`, `--help, -h`.
    public var spellings: String { usage + (short.map { ", \($0)" } ?? "") }

    /// Whether `word` spells this option (`--db`, `-h`).
    public func isSpelled(_ word: String) -> Bool { word == name || word == short }
}
