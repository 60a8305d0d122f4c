import Foundation

/// A shell example in README.md or docs/*.md: a fenced ```` ```sh ```` (or `bash`) block, its commands
/// and, when the page shows it, what it prints.
///
/// The convention the pages follow (docs/DESIGN.md, "Docs are tests"):
/// - every ```` ```sh ```` block runs, top to bottom in one scratch home per page, with the built
///   `tasker` first on PATH and a fixed clock; every command in it must exit 0;
/// - a block that cannot run here says so in its fence, with a reason: ```` ```sh no-run: starts a
///   server that runs until stopped ````; such blocks are counted and listed, never skipped silently;
/// - a ```` ```output ```` block after a shell block (prose between is fine, another block is not) is
///   what the whole block prints, standard error included, compared line by line;
/// - a command that is meant to fail ends with the comment `# exit N`.
struct DocExample: Sendable, CustomStringConvertible {
    /// One command as the shell reads it: its lines joined (a line ending in `\` continues).
    struct Command: Sendable {
        var text: String
        var line: Int
        /// The exit status the page promises (`# exit N` at its end; 0 otherwise).
        var expectedStatus: Int32
    }

    var page: String
    /// The line of the opening fence.
    var line: Int
    var commands: [Command]
    /// Why the block is not run (`no-run: …` in its fence), or nil.
    var notRunBecause: String?
    var expectedOutput: String?

    var description: String { "\(page):\(line)" }

    /// The languages whose blocks are shell examples.
    static let shellLanguages: Set<String> = ["sh", "bash", "shell"]

    /// Every shell block of `text` (the page `page`), in order.
    static func examples(in text: String, page: String) -> [DocExample] {
        let lines = text.components(separatedBy: "\n")
        var examples: [DocExample] = []
        var index = 0
        var lastShell: Int?  // index in `examples` of the block an output block may still belong to
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else { index += 1; continue }
            let info = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let language = info.split(separator: " ").first.map(String.init) ?? ""
            var body: [String] = []
            index += 1
            while index < lines.count, !lines[index].hasPrefix("```") { body.append(lines[index]); index += 1 }
            let opening = index - body.count  // 1-based line number of the fence
            index += 1
            if language == "output", let shell = lastShell {
                examples[shell].expectedOutput = body.joined(separator: "\n")
                lastShell = nil
                continue
            }
            lastShell = nil
            guard shellLanguages.contains(language) else { continue }
            let rest = info.dropFirst(language.count).trimmingCharacters(in: .whitespaces)
            var notRun: String?
            if rest.hasPrefix("no-run") {
                notRun = rest.dropFirst("no-run".count).trimmingCharacters(in: CharacterSet(charactersIn: ": ").union(.whitespaces))
            }
            examples.append(DocExample(page: page, line: opening, commands: commands(in: body, firstLine: opening + 1),
                                       notRunBecause: notRun, expectedOutput: nil))
            lastShell = examples.count - 1
        }
        return examples
    }

    /// The block's commands: blank lines dropped, a line ending in `\` joined to the next.
    static func commands(in body: [String], firstLine: Int) -> [Command] {
        var commands: [Command] = []
        var pending: (text: String, line: Int)?
        for (offset, raw) in body.enumerated() {
            let line = raw
            if pending == nil, line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let start = pending ?? ("", firstLine + offset)
            let joined = start.text.isEmpty ? line : start.text + "\n" + line
            if line.hasSuffix("\\") {
                pending = (joined, start.line)
            } else {
                pending = nil
                commands.append(Command(text: joined, line: start.line, expectedStatus: expectedStatus(of: line)))
            }
        }
        if let pending { commands.append(Command(text: pending.text, line: pending.line, expectedStatus: 0)) }
        return commands
    }

    /// `N` from a trailing `# exit N` comment, else 0.
    static func expectedStatus(of line: String) -> Int32 {
        guard let range = line.range(of: "# exit ", options: .backwards) else { return 0 }
        return Int32(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    /// The bash script that runs the block: after each command a record-separator line with its status,
    /// and an ERR trap that records any command of a `;` list or pipeline that failed on the way.
    var script: String {
        var script = "exec 2>&1\nset -o pipefail\ntrap 'printf \"\\037%s\\n\" \"$?\"' ERR\n"
        for command in commands {
            script += command.text + "\nprintf '\\036%s\\n' \"$?\"\n"
        }
        return script
    }
}

/// What running one block gave: each command's output and status.
struct DocExampleRun {
    struct Step {
        var output: String
        var status: Int32
        /// Statuses of commands inside it (a `;` list, a pipeline) that failed on the way.
        var failures: [Int32]
    }

    var steps: [Step]

    /// Splits the block's combined output at the markers `DocExample.script` writes.
    init(output: String) {
        steps = []
        var current = ""
        var failures: [Int32] = []
        for line in output.components(separatedBy: "\n") {
            if line.hasPrefix("\u{1E}") {
                let status = Int32(line.dropFirst()) ?? -1
                // the ERR trap also fires for the command's own failure: that one is its status
                if let last = failures.last, last == status { failures.removeLast() }
                steps.append(Step(output: current, status: status, failures: failures))
                current = ""
                failures = []
            } else if line.hasPrefix("\u{1F}") {
                failures.append(Int32(line.dropFirst()) ?? -1)
            } else {
                current += line + "\n"
            }
        }
    }

    /// Everything the block printed, without the markers.
    var output: String { steps.map(\.output).joined() }
}
