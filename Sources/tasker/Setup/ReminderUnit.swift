import Foundation
import TaskCLI
import TaskCore

/// The systemd user service that runs `tasker remind --watch`: written under
/// `$XDG_CONFIG_HOME/systemd/user/`, then enabled with `systemctl --user` when a user manager answers.
struct ReminderUnit {
    let context: CommandContext

    var directory: String { context.paths.configHome + "/systemd/user" }
    var path: String { directory + "/" + RemindCommand.unitName }

    /// The unit's text: this binary, by absolute path, watching this database.
    func text(executable: String) -> String {
        """
        [Unit]
        Description=Tasker reminders (due and early-warning notifications)
        After=graphical-session.target

        [Service]
        Type=simple
        ExecStart=\(Self.quoted(executable)) remind --watch --db \(Self.quoted(absolute(context.globals.databasePath)))
        Restart=on-failure
        RestartSec=10

        [Install]
        WantedBy=default.target

        """
    }

    func install() throws -> Int32 {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try text(executable: Self.executable()).write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CommandFailure("remind: cannot write \(path) (\(error.localizedDescription)); check that folder's permissions")
        }
        context.output.text("wrote \(path)")
        if let problem = systemctl(["daemon-reload"]) ?? systemctl(["enable", "--now", RemindCommand.unitName]) {
            context.output.text("not enabled: \(problem); in your desktop session run: systemctl --user enable --now \(RemindCommand.unitName)")
        } else {
            context.output.text("enabled and started \(RemindCommand.unitName)")
        }
        return 0
    }

    func uninstall() throws -> Int32 {
        _ = systemctl(["disable", "--now", RemindCommand.unitName])
        if FileManager.default.fileExists(atPath: path) {
            do { try FileManager.default.removeItem(atPath: path) } catch {
                throw CommandFailure("remind: cannot remove \(path) (\(error.localizedDescription)); remove it yourself")
            }
            context.output.text("removed \(path)")
        } else {
            context.output.text("nothing to remove: \(path) does not exist")
        }
        _ = systemctl(["daemon-reload"])
        return 0
    }

    /// Runs `systemctl --user ARGS` from PATH; nil when it succeeded, else why not.
    private func systemctl(_ arguments: [String]) -> String? {
        let searchPath = context.environment["PATH"] ?? "/usr/bin:/bin"
        guard let tool = searchPath.split(separator: ":").map({ "\($0)/systemctl" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return "systemctl is not on PATH" }
        let process = ChildProcess.make(tool, ["--user"] + arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "cannot run \(tool)" }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "systemctl --user \(arguments.joined(separator: " ")) exited \(process.terminationStatus) (no user manager running?)"
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// This program's absolute path (`/proc/self/exe`), so the unit runs the same build.
    static func executable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// A systemd command-line word: quoted when it holds a space, quote or backslash.
    static func quoted(_ word: String) -> String {
        guard word.contains(where: { " \"\\'".contains($0) }) else { return word }
        return "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
