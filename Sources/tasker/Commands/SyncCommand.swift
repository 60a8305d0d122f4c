import Foundation
import TaskCLI
import TaskSync

/// `tasker sync [--status]`: sync with the CalDAV server in config.json now, or say how the last sync went.
enum SyncCommand: Command {
    static let status = OptionSpec.flag("--status", "say when the last sync was and whether it failed, without syncing")

    static let signature = CommandSignature(
        name: "sync", summary: "sync tasks with a CalDAV server (Nextcloud, Radicale, Fastmail…) now",
        maxWords: 0, options: [status],
        details: """
            Configure in config.json: "sync": {"url": "https://…/calendars/me/tasks/", "username": "me",
            "password_command": ["pass", "show", "dav"]} (or "password_file": a file of mode 0600). The url
            may be the task list itself or the account's address (a task list is then found). Both sides'
            changes are merged field by field; when both changed the same field the later change wins and
            the other value is kept in the task's notes as a "conflict:" line. Exits 1 with the reason
            when the sync could not finish. The chat and `tasker mcp` also sync in the background every
            "interval_seconds" (300 unless set; 0 turns it off); --status shows the last failure and
            when it happened, and each task the last sync could not write ("not synced: …": the server
            refused that one item; the rest synced, and the next sync tries it again). Only one sync of a database runs at a time (a lock beside it).
            """,
        examples: ["tasker sync", "tasker sync --status"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let setup = try SyncSetup.load(configDirectory: context.paths.taskerConfig, environment: context.environment) else {
            if arguments.has(Self.status) {
                context.output.text(NoSyncProvider().status(try context.openStore()).line)
                return 0
            }
            throw CommandFailure("sync is not configured: add \"sync\": {\"url\": …, \"username\": …, \"password_command\": […]} to \(context.paths.taskerConfig)/config.json")
        }
        let store = try context.openStore()
        if arguments.has(Self.status) {
            let provider = CalDAVSyncProvider(url: setup.url, credentials: nil, timeZone: context.timeZone)
            for line in provider.status(store).lines { context.output.text(line) }
            return 0
        }
        let wait = 120.0
        guard let report = try SyncJob(setup: setup, timeZone: context.timeZone, databasePath: context.globals.databasePath).run(store, wait: wait) else {
            throw CommandFailure(SyncJob.busy(wait))
        }
        for line in report.lines { context.output.text(line) }
        return 0
    }
}
