import Foundation
import TaskCLI
import TaskCore

/// The composition root: global options, the command table, and the one place errors become exit codes.
enum TaskerApp {
    static let version = "0.1.0"

    /// Every subcommand; the first word of the arguments picks one, none means the chat REPL.
    static let commands: [any Command.Type] = [
        ChatCommand.self, AddCommand.self, TodayCommand.self, PlanCommand.self, DoneCommand.self, NoteCommand.self,
        ParseCommand.self, CallCommand.self, ToolsCommand.self, MCPCommand.self, KeyCommand.self, CompletionCommand.self,
        ReviewCommand.self, StreaksCommand.self, ExportCommand.self, ImportCommand.self, CalendarsCommand.self, SyncCommand.self, RemindCommand.self,
        GCCommand.self, VerifyCommand.self, UploadCommand.self,
        AgentCommand.self, ApprovalsCommand.self, ApproveCommand.self, RejectCommand.self, ReceiptsCommand.self, WebCommand.self,
        CryptoCommand.self, ConfigCommand.self,
    ]

    /// The process's arguments (without the program name) as strict UTF-8: Swift's
    /// `CommandLine.arguments` would turn invalid bytes into U+FFFD silently.
    static func arguments(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result<[String], UTF8Input.Invalid> {
        var result: [String] = []
        for index in 1..<Int(max(argc, 1)) {
            guard let word = argv[index] else { break }
            let bytes = UnsafeRawBufferPointer(start: word, count: strlen(word))
            switch UTF8Input.decode(bytes, source: "argument \(index)") {
            case .success(let text): result.append(text)
            case .failure(let invalid): return .failure(invalid)
            }
        }
        return .success(result)
    }

    /// The process environment from libc's `environ` ("NAME=value" strings; the first of a repeated
    /// name wins, as with getenv). `ProcessInfo.processInfo.environment` gives the same dictionary
    /// but costs a quarter of the instructions `tasker --version` runs (its class, lock and copies).
    static func environment(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        var result: [String: String] = [:]
        var cursor = entries
        while let entry = cursor?.pointee {
            if let equals = strchr(entry, 0x3D) {
                let name = String(decoding: UnsafeRawBufferPointer(start: entry, count: equals - entry), as: UTF8.self)
                if result[name] == nil { result[name] = String(cString: equals + 1) }
            }
            cursor = cursor?.successor()
        }
        return result
    }

    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        // `TASKER_AGENT_KEY` is taken out here: only `tasker mcp` reads it (`CommandContext.agentKey`).
        var environment = environment
        let agentKey = environment.removeValue(forKey: "TASKER_AGENT_KEY")
        let output = Output(environment: environment)
        do {
            var rest = arguments
            var command: any Command.Type
            var named = false
            if let index = CommandSignature.commandIndex(in: arguments, shared: GlobalOptions.all) {
                let name = arguments[index]
                guard let found = commands.first(where: { $0.signature.name == name }) else {
                    throw UsageError("unknown command '\(name)'; run `tasker --help` for the list")
                }
                command = found
                named = true
                rest.remove(at: index)
            } else {
                try refuseOptionBeforeCommand(arguments)
                command = ChatCommand.self
            }
            if let group = command as? any CommandGroup.Type, let chosen = try group.action(in: rest, shared: GlobalOptions.all) {
                command = chosen.action
                rest = chosen.arguments
            }
            let parsed = try command.signature.parse(rest, shared: GlobalOptions.all)
            if parsed.has(GlobalOptions.version) {
                output.out("tasker \(version)")
                return 0
            }
            if parsed.has(GlobalOptions.help) {
                output.out(named ? command.signature.help(globals: GlobalOptions.all) : mainHelp)
                return 0
            }
            let globals = try GlobalOptions(parsed, environment: environment)
            let context = CommandContext(globals: globals, environment: environment, output: output, agentKey: agentKey)
            return try command.run(parsed, context)
        } catch {
            let (line, status) = report(error)
            output.err(line)
            return status
        }
    }

    /// The one line and the exit status `tasker` gives for an error: an `ExitCodeError` carries both;
    /// anything else is a failure (1) shown by its description.
    static func report(_ error: any Error) -> (line: String, status: Int32) {
        guard let known = error as? any ExitCodeError else { return ("tasker: \(error)", 1) }
        return ("tasker: \(known.commandLineMessage)", known.exitCode)
    }

    /// `tasker --help`: the commands and the global options, from their declarations.
    static var mainHelp: String {
        let width = commands.map { $0.signature.name.count }.max() ?? 0
        let lines = commands.map { command in
            let name = command.signature.name
            return "  \(name)\(String(repeating: " ", count: width - name.count + 2))\(command.signature.summary)"
        }
        return """
            tasker \(version) — a task manager you talk to

            Usage: tasker [global options] [command] [arguments]
                   tasker                      the chat REPL (rules only until a key is set)

            Commands:
            \(lines.joined(separator: "\n"))

            Global options:
            \(CommandSignature.table(GlobalOptions.all))

            Run `tasker CMD --help` for a command's own options.
            """
    }
}
