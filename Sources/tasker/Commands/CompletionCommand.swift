import Foundation
import TaskCLI
import TaskCore
import TaskToolkit

/// `tasker completion bash|zsh|fish`: a completion script generated from the command signatures;
/// `tasker completion titles|contexts`: the words the scripts ask for while completing.
enum CompletionCommand: Command {
    static let shells = ["bash", "zsh", "fish"]

    static let signature = CommandSignature(
        name: "completion", summary: "print a shell completion script (bash, zsh or fish)",
        words: [shells.joined(separator: "|"), "titles|contexts"], maxWords: 1,
        details: """
            Prints a completion script for the shell: commands, options, tool names after `call`,
            open task titles after `done`, contexts and projects after `#`/`@`. The scripts ask
            `tasker completion titles` (open task titles, one per line) and `tasker completion
            contexts` (contexts and project names) as you type, from the database of TASKER_DB.

              bash   source <(tasker completion bash)         (e.g. in ~/.bashrc)
              zsh    source <(tasker completion zsh)          (after compinit)
              fish   tasker completion fish | source          (or save it in ~/.config/fish/completions/tasker.fish)
            """,
        examples: ["tasker completion bash > ~/.local/share/bash-completion/completions/tasker"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let word = arguments.words.first else {
            throw UsageError("completion: name the shell: \(shells.joined(separator: ", "))")
        }
        let script = CompletionScript.standard(shells: shells)
        let scripts: [String: () -> String] = ["bash": { script.bash }, "zsh": { script.zsh }, "fish": { script.fish }]
        if let make = scripts[word] {
            context.output.out(make())
            return 0
        }
        let toolkit = try context.makeToolkit()
        if word == "titles" {
            let tasks = try toolkit.store.tasks(TaskQuery(filter: .open, limit: 500))
            for title in Self.unique(tasks.map(\.title)) { context.output.out(TerminalText.sanitized(title)) }
            return 0
        }
        if word == "contexts" {
            let projects = try toolkit.store.projects().map(\.project.name)
            for name in Self.unique(try toolkit.store.contexts() + projects) { context.output.out(TerminalText.sanitized(name)) }
            return 0
        }
        throw UsageError("completion: '\(word)' is not one of \((shells + ["titles", "contexts"]).joined(separator: ", "))")
    }

    static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
