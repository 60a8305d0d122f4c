import Foundation
import TaskCore
import TaskStore
import TaskToolkit

/// The composition root: global options, the command table, and the one place errors become exit codes.
enum TaskerApp {
    static let version = "0.1.0"

    /// Every subcommand; the first word of the arguments picks one, none means the chat REPL.
    static let commands: [any Command.Type] = [
        ChatCommand.self, ParseCommand.self, CallCommand.self, ToolsCommand.self, MCPCommand.self, KeyCommand.self,
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

    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let output = Output(environment: environment)
        do {
            var (globals, rest) = try GlobalOptions.parse(arguments, environment: environment)
            if globals.showVersion {
                output.out("tasker \(version)")
                return 0
            }
            let name = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
            if globals.showHelp && name == nil {
                output.out(mainHelp)
                return 0
            }
            let command: any Command.Type
            if let name {
                guard let found = commands.first(where: { $0.name == name }) else {
                    throw UsageError("unknown command '\(name)'; run `tasker --help` for the list")
                }
                command = found
                rest.removeFirst()
            } else {
                command = ChatCommand.self
            }
            let options = rest.prefix { $0 != "--" }  // after `--` everything is text, even -h
            if globals.showHelp || options.contains("--help") || options.contains("-h") {
                output.out(command.help)
                return 0
            }
            globals.output = output
            let context = CommandContext(globals: globals, environment: environment, output: output)
            return try command.run(rest, context)
        } catch let error as UsageError {
            output.err("tasker: \(error.message)")
            return 2
        } catch let error as ToolkitError {
            output.err("tasker: \(error)")
            return 2
        } catch let error as UTF8Input.Invalid {
            output.err("tasker: \(error)")
            return 2
        } catch let error as JSONParseError {
            output.err("tasker: \(error); pass one JSON object, e.g. '{\"title\": \"Call mom\"}'")
            return 2
        } catch let error as TaskStoreError {
            output.err("tasker: \(error)")
            return 1
        } catch {
            output.err("tasker: \(error)")
            return 1
        }
    }

    static var mainHelp: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { "  \($0.name)\(String(repeating: " ", count: width - $0.name.count + 2))\($0.summary)" }
        return """
            tasker \(version) — a task manager you talk to

            Usage: tasker [global options] [command] [arguments]
                   tasker                      the chat REPL (rules only until a key is set)

            Commands:
            \(lines.joined(separator: "\n"))

            Global options:
              --db PATH      the database (env TASKER_DB; default $XDG_DATA_HOME/tasker/tasker.sqlite)
              --now ISO8601  fix the clock, for tests and demos (env TASKER_NOW); no offset means local time
              --tz ZONE      the time zone, e.g. Europe/London (env TZ)
              --help, -h     help for tasker or for a command (tasker CMD --help)
              --version      print the version

            Run `tasker CMD --help` for a command's own options.
            """
    }
}
