import Foundation

/// The one way Tasker starts another program (`key_command`, `sync.password_command`,
/// `attachments.upload.sign_command`, `systemctl --user`): with an explicit, minimal environment.
///
/// The child gets only what a password manager, a keyring or the user's service manager needs —
/// the search path, home and user, the locale, the session bus and runtime folder, GnuPG's and
/// `pass`'s folders, the display for a passphrase prompt — never the rest of Tasker's environment
/// (an agent key in `TASKER_AGENT_KEY`, tokens, whatever the caller exported).
public enum ChildProcess {
    /// The variables passed on when set.
    public static let passedNames: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ",
        "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR",
        "GNUPGHOME", "GPG_AGENT_INFO", "GPG_TTY", "PASSWORD_STORE_DIR",
        "DISPLAY", "WAYLAND_DISPLAY",
    ]

    /// The part of `environment` a child gets: `passedNames` and the locale's `LC_*`.
    public static func environment(from environment: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        environment.filter { passedNames.contains($0.key) || $0.key.hasPrefix("LC_") }
    }

    /// A process for `executable` with `arguments`, the minimal environment and no stdin (a command
    /// asking for input would otherwise wait on the terminal); the caller sets stdout and stderr and runs it.
    public static func make(_ executable: String, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment()
        process.standardInput = FileHandle.nullDevice
        return process
    }
}
