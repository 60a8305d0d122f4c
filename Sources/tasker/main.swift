// The `tasker` command: parse the global options, dispatch to a command, map every error to one
// line on stderr and an exit code. This is the only place that exits.
import Foundation
import TaskCLI
import TaskCore

switch TaskerApp.arguments(CommandLine.argc, CommandLine.unsafeArgv) {
case .success(let arguments):
    let environment = TaskerApp.environment(environ)
    // The agent key is read once (above) and leaves the process environment, so nothing this process
    // starts can inherit it (children get `ChildProcess`'s minimal environment besides).
    unsetenv("TASKER_AGENT_KEY")
    exit(TaskerApp.run(arguments: arguments, environment: environment))
case .failure(let invalid):
    try? FileDescriptorWriter.write(STDERR_FILENO, "tasker: \(invalid)\n")
    exit(2)
}
