/// The help text generated from a declaration.
extension CommandSignature {
    /// `tasker NAME --help`: usage lines, the options table, the details, where the global options
    /// are described, and the examples.
    public func help(globals: [OptionSpec]) -> String {
        let optionUsage = options.map { "[\($0.usage)]" }
        let forms = words.isEmpty ? [""] : words
        let usage = forms.enumerated().map { index, form in
            let line = (["tasker", name] + optionUsage + (form.isEmpty ? [] : [form])).joined(separator: " ")
            return (index == 0 ? "Usage: " : "       ") + line
        }
        var sections = [usage.joined(separator: "\n")]
        if !options.isEmpty { sections.append("Options:\n" + Self.table(options)) }
        sections.append(details)
        let globalNames = globals.filter { !$0.answersAlone }.map(\.name).joined(separator: ", ")
        sections.append("The global options (\(globalNames)) work here too; `tasker --help` describes them.")
        if !examples.isEmpty { sections.append("Examples:\n" + examples.map { "  " + $0 }.joined(separator: "\n")) }
        return sections.joined(separator: "\n\n")
    }

    /// Options as a two-column table, two spaces in: spellings, then the help line.
    public static func table(_ options: [OptionSpec]) -> String {
        let width = options.map(\.spellings.count).max() ?? 0
        return options.map { option in
            let pad = String(repeating: " ", count: width - option.spellings.count + 2)
            let indent = "\n" + String(repeating: " ", count: width + 4)
            return "  " + option.spellings + pad + option.help.split(separator: "\n").joined(separator: indent)
        }.joined(separator: "\n")
    }
}
