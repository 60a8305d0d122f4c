import Foundation
import TaskCLI
import TaskCore
import TaskStore
import TaskNL
import TaskToolkit

/// What a command gets: the global options, the environment, the output, and factories for the engine.
struct CommandContext {
    let globals: GlobalOptions
    let environment: [String: String]
    let output: Output
    /// `TASKER_AGENT_KEY` as it was at start (it is no longer in `environment` or the process's).
    var agentKey: String? = nil

    var paths: XDGPaths { XDGPaths(environment: environment) }
    var timeZone: TimeZone { globals.timeZone }

    /// The clock: `--now` when given, otherwise the real time.
    var clock: @Sendable () -> Date {
        if let fixed = globals.fixedNow { return { fixed } }
        return { Date() }
    }

    /// Opens the database (creating its folder on first use, private to the user: tasks are personal)
    /// and bootstraps it.
    func openStore() throws -> TaskStore {
        let path = globals.databasePath
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw CommandFailure("cannot create the folder \(folder) for the database; create it yourself or pass another file with --db")
            }
        }
        let store = try TaskStore(path: path, clock: clock, timeZone: timeZone)
        try store.bootstrap()
        try SealingSetup(configDirectory: paths.taskerConfig, environment: environment).attach(to: store)
        return store
    }

    func makeToolkit() throws -> TaskToolkit {
        let attachments = attachmentSetup()
        for problem in attachments.problems { output.err("tasker: \(problem)") }
        return TaskToolkit(store: try openStore(), parser: TaskNLParser(), planning: planningSetup().settings,
                           objects: attachments.objects, uploader: attachments.uploader)
    }

    /// config.json's attachments keys, and the object store beside the database.
    func attachmentSetup() -> AttachmentSetup {
        AttachmentSetup(configDirectory: paths.taskerConfig, databasePath: globals.databasePath, searchPath: environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// config.json's planning keys: calendars, working hours and days.
    func planningSetup() -> PlanningSetup {
        PlanningSetup(configDirectory: paths.taskerConfig, cacheDirectory: paths.calendarCache, environment: environment, clock: clock)
    }

    /// All of standard input as text.
    /// All of standard input as strict UTF-8. - Throws: `UTF8Input.Invalid` (exit 2).
    func readStandardInput() throws -> String {
        try UTF8Input.text(FileHandle.standardInput.readDataToEndOfFile(), source: "standard input")
    }
}
