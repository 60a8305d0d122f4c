import Foundation
import TaskCLI
import TaskCore
import TaskHTTP
import TaskSync

/// config.json's `sync` section: `{"url": "https://…/calendars/me/tasks/", "username": "…",
/// "password_command": ["pass", "show", "dav"]}` or `"password_file": "~/.config/tasker/dav-password"`
/// (mode 0600), and `"interval_seconds"` for the chat's and the MCP server's background sync (300 when
/// absent; 0 turns it off). The password is read from the file or the command's standard output only
/// (`SecretCommand`, the runner `key_command` uses, with the same timeout): never from the
/// environment, never passed to another process, never printed.
struct SyncSetup {
    let url: String
    let username: String?
    let passwordCommand: [String]?
    let passwordFile: String?
    /// Seconds between background syncs; 0: none.
    let interval: Double
    /// PATH for a bare `password_command` program.
    let searchPath: String
    /// How long `password_command` may run (10 s).
    var commandTimeout: TimeInterval = 10
    /// `sync.send_sealed_notes`: true sends sealed task notes (opened) to the server; off by default.
    var sendsSealedNotes = false

    /// The section, or nil when config.json has none. - Throws: `SyncError.config` when it is unusable.
    static func load(configDirectory: String, environment: [String: String]) throws -> SyncSetup? {
        guard let section = ConfigFile.object(in: configDirectory)?["sync"], !section.isNull else { return nil }
        guard let url = section["url"]?.stringValue, url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw SyncError.config(problem: "config.json: sync.url must be the http(s) address of a CalDAV task list or account")
        }
        let command = section["password_command"]?.arrayValue?.compactMap(\.stringValue)
        if let command, command.isEmpty { throw SyncError.config(problem: "config.json: sync.password_command must be a list like [\"pass\", \"show\", \"dav\"]") }
        let file = section["password_file"]?.stringValue.map { PlanningSetup.expand($0, environment: environment, relativeTo: configDirectory) }
        var interval = 300.0
        if let given = section["interval_seconds"], !given.isNull {
            guard let seconds = given.doubleValue, seconds >= 0 else {
                throw SyncError.config(problem: "config.json: sync.interval_seconds must be a number of seconds (0 turns background sync off)")
            }
            interval = seconds
        }
        var setup = SyncSetup(url: url, username: section["username"]?.stringValue, passwordCommand: command, passwordFile: file,
                         interval: interval, searchPath: environment["PATH"] ?? "/usr/bin:/bin")
        setup.sendsSealedNotes = section["send_sealed_notes"]?.boolValue ?? false
        return setup
    }

    /// The provider, reading the password now. - Throws: `SyncError.config` when it cannot be read.
    func provider(timeZone: TimeZone) throws -> CalDAVSyncProvider {
        var credentials: HTTPCredentials?
        if let username {
            credentials = HTTPCredentials(username: username, password: try password() ?? "")
        }
        var provider = CalDAVSyncProvider(url: url, credentials: credentials, timeZone: timeZone)
        provider.sendsSealedNotes = sendsSealedNotes
        return provider
    }

    private func password() throws -> String? {
        if let passwordFile {
            let data: Data?
            do {
                data = try OwnerOnlyFile.read(passwordFile)
            } catch .readableByOthers {
                throw SyncError.config(problem: "\(passwordFile) is readable by others; run `chmod 600 \(passwordFile)`")
            } catch {
                throw SyncError.config(problem: "cannot read sync.password_file \(passwordFile); create it with mode 0600")
            }
            guard let data else { throw SyncError.config(problem: "cannot read sync.password_file \(passwordFile); create it with mode 0600") }
            return Self.firstLine(String(decoding: data, as: UTF8.self))
        }
        guard let passwordCommand else { return nil }
        let runner = SecretCommand(setting: "sync.password_command", secret: "the password", example: ["pass", "show", "dav"],
                                   searchPath: searchPath, timeout: commandTimeout)
        do {
            return Self.firstLine(try runner.run(passwordCommand))
        } catch {
            throw SyncError.config(problem: error.description)
        }
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }
}
