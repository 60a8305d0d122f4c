// The `tasker` command: parse the global options, dispatch to a command, map every error to one
// line on stderr and an exit code. This is the only place that exits.
import Foundation

switch TaskerApp.arguments(CommandLine.argc, CommandLine.unsafeArgv) {
case .success(let arguments):
    exit(TaskerApp.run(arguments: arguments, environment: ProcessInfo.processInfo.environment))
case .failure(let invalid):
    FileHandle.standardError.write(Data("tasker: \(invalid)\n".utf8))
    exit(2)
}
