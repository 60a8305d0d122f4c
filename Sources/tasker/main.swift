// The `tasker` command: parse the global options, dispatch to a command, map every error to one
// line on stderr and an exit code. This is the only place that exits.
import Foundation
import TaskCore

switch TaskerApp.arguments(CommandLine.argc, CommandLine.unsafeArgv) {
case .success(let arguments):
    exit(TaskerApp.run(arguments: arguments, environment: TaskerApp.environment(environ)))
case .failure(let invalid):
    try? FileDescriptorWriter.write(STDERR_FILENO, "tasker: \(invalid)\n")
    exit(2)
}
