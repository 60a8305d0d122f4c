import TaskCLI
import TaskToolkit

/// What shell completion needs, read from the command signatures so that it cannot drift from what
/// the parser accepts: the commands with their options, the global options, and the tool names.
/// Open task titles and contexts are not baked in: the scripts ask `tasker completion titles` and
/// `tasker completion contexts` when they are needed.
struct CompletionScript {
    struct Entry {
        var name: String
        var summary: String
        var options: [OptionSpec]
    }

    var commands: [Entry]
    var globals: [OptionSpec]
    var tools: [String]
    /// The words `tasker completion` takes.
    var shells: [String]

    static func standard(shells: [String]) -> CompletionScript {
        CompletionScript(
            commands: TaskerApp.commands.map { Entry(name: $0.signature.name, summary: $0.signature.summary, options: options(of: $0)) },
            globals: GlobalOptions.all, tools: TaskToolkit.definitions.map(\.name), shells: shells)
    }

    /// A command's options; a group's are its actions' (`agent`: --scopes, --since, …), each once.
    static func options(of command: any Command.Type) -> [OptionSpec] {
        guard let group = command as? any CommandGroup.Type else { return command.signature.options }
        var seen: Set<String> = []
        return (command.signature.options + group.actions.flatMap { $0.signature.options }).filter { seen.insert($0.name).inserted }
    }

    /// The global options that take a value (their next word is not a command).
    var valueOptions: [String] { globals.filter(\.takesValue).map(\.name) }

    /// Every spelling of the options a command accepts, its own and the global ones.
    func optionWords(_ command: Entry) -> [String] {
        (command.options + globals).flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
    }

    /// Words joined for a shell word list; names and options are plain ASCII words.
    static func words(_ list: [String]) -> String { list.joined(separator: " ") }
}
