/// One option a command accepts, declared once: parsing and `--help` both come from it.
///
/// A flag (`--json`) is given or not; a value option (`--db PATH`) takes the next word or the text
/// after `=` (`--db=PATH`). An option that `answersAlone` (`--help`, `--version`) is answered even
/// when the other words are wrong.
struct OptionSpec: Sendable, Hashable {
    /// The long spelling, with its dashes: `--json`.
    let name: String
    /// The short spelling, with its dash: `-h`; nil when there is none.
    let short: String?
    /// What the value stands for in help (`PATH`); nil for a flag.
    let valueName: String?
    /// The help line (a `\n` continues it on an indented line).
    let help: String
    /// Given, the command only answers it (help, version): other words are not checked.
    let answersAlone: Bool

    /// A flag: given or not.
    static func flag(_ name: String, short: String? = nil, _ help: String, answersAlone: Bool = false) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help, answersAlone: answersAlone)
    }

    /// An option with a value: `--name VALUE` or `--name=VALUE`.
    static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, valueName: valueName, help: help, answersAlone: false)
    }

    var takesValue: Bool { valueName != nil }

    /// How a usage line shows it: `--json`, `--db PATH`.
    var usage: String { valueName.map { "\(name) \($0)" } ?? name }

    /// How the options table shows it: `--db PATH`, `--help, -h`.
    var spellings: String { usage + (short.map { ", \($0)" } ?? "") }

    /// Whether `word` spells this option (`--db`, `-h`).
    func isSpelled(_ word: String) -> Bool { word == name || word == short }
}
