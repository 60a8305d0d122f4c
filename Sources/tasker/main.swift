// The `tasker` command: parse the global options, dispatch to a command, map every error to one
// line on stderr and an exit code. This is the only place that exits.
import Foundation

let status = TaskerApp.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
