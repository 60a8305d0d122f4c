import Foundation
import TaskCLI
import TaskCore
import TaskDesktop
import TaskStore

/// `tasker remind --once | --watch | --install | --uninstall [--fallback stdout]`: delivers due and
/// early-warning reminders as desktop notifications (org.freedesktop.Notifications on the session
/// bus), once each, and keeps them true when a task is completed, moved or deleted.
enum RemindCommand: Command {
    static let once = OptionSpec.flag("--once", "deliver what is due now and exit (for a timer)")
    static let watch = OptionSpec.flag("--watch", "keep running: sleep until the next reminder, wake when the database changes")
    static let install = OptionSpec.flag("--install", "write and enable a systemd user service that runs --watch")
    static let uninstall = OptionSpec.flag("--uninstall", "disable and remove that service")
    static let fallback = OptionSpec.value("--fallback", "stdout", "with no desktop session bus, print reminders on standard output")
    static let unitName = "tasker-remind.service"

    static let signature = CommandSignature(
        name: "remind", summary: "deliver due and early-warning reminders as desktop notifications",
        maxWords: 0, options: [once, watch, install, uninstall, fallback],
        details: """
            A task with a due time is reminded at the due and remind_before_minutes before it
            (config.json, default 15; 0 turns the early warning off); a task's own `remind` (minutes
            before, or a time) replaces the early warning. Deferred tasks are not reminded before
            their defer day. Each reminder is delivered once, also across restarts and with two
            `remind` processes. A notification is closed when its task is completed, rescheduled or
            deleted, from any door; its buttons "Done" and "Snooze 10 min" act on the task (--watch).
            With places (create_place) and tasks bound to them, --watch also reads the position from
            GeoClue (system bus) and reminds on arriving or leaving, once per visit, after the
            position stayed place_dwell_seconds (config.json, default 60) on the new side; the
            button "Next visit" puts it off until the next visit. Without GeoClue it says so in one
            line and keeps the time reminders; a place created while it runs, or GeoClue coming back
            after the bus went away, is picked up within a minute (then at longer intervals).
            --install writes $XDG_CONFIG_HOME/systemd/user/\(unitName) and enables it with
            `systemctl --user`. Exit status 1 when there is no session bus and no --fallback.
            """,
        examples: ["tasker remind --watch", "tasker remind --once --fallback stdout", "tasker remind --install"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let modes = [once, watch, install, uninstall].filter { arguments.has($0) }
        guard modes.count == 1 else { throw UsageError("remind: give one of --once, --watch, --install, --uninstall") }
        if let value = arguments.value(fallback), value != "stdout" {
            throw UsageError("remind: --fallback takes 'stdout', not '\(value)'")
        }
        if arguments.has(install) { return try ReminderUnit(context: context).install() }
        if arguments.has(uninstall) { return try ReminderUnit(context: context).uninstall() }

        let config = ReminderConfig(configDirectory: context.paths.taskerConfig)
        if let problem = config.problem { context.output.err(problem) }
        let presenter: ReminderPresenting
        let printed: Bool
        do {
            presenter = try DesktopNotifications()
            printed = false
        } catch let error as DesktopError {
            guard arguments.value(fallback) == "stdout" else { throw CommandFailure("remind: \(error)") }
            presenter = PrintedReminders { context.output.text($0) }
            printed = true
        }
        // Watching, the approvals share the runner's connection: its own writes never look like another
        // process's change (`PRAGMA data_version`).
        let toolkit = arguments.has(watch) ? try context.makeToolkit() : nil
        let store = try toolkit?.store ?? context.openStore()
        let runner = ReminderRunner(store: store, schedule: config.schedule(in: context.timeZone), presenter: presenter,
                                    placeDwell: config.placeDwellSeconds)
        // Arrive and leave reminders need positions: GeoClue, opened by the watcher when there are
        // places (a place created while it runs included) and again after the bus or GeoClue went away.
        if arguments.has(watch) { runner.connectLocation = { try GeoClueLocation() } }
        // Agents' requests wait for a person: while watching, each is shown with Approve and Reject.
        if let toolkit { runner.approvals = ApprovalPrompts(presenter: presenter, decider: ApprovalDeskDecider(toolkit: toolkit)) }
        let log: (ReminderRunner.Report) -> Void = { report in
            for notice in report.notices { context.output.err("remind: \(notice)") }
            guard !printed else { return }
            for note in report.delivered { context.output.text("reminded: \(note.summary) — \(note.body)") }
            for id in report.closed { context.output.text("closed notification \(id)") }
            for id in report.completed { context.output.text("completed task \(id.rawValue) (Done clicked)") }
        }
        do {
            if arguments.has(once) {
                log(try runner.deliverDue())
            } else {
                try runner.watch(onReport: log)
            }
        } catch let error as DesktopError {
            throw CommandFailure("remind: \(error)")
        }
        return 0
    }
}
