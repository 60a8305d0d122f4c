import Foundation
import TaskCore
import TaskHTTP
import TaskSync

/// config.json's `sync` section: `{"url": "https://…/calendars/me/tasks/", "username": "…",
/// "password_command": ["pass", "show", "dav"]}` or `"password_file": "~/.config/tasker/dav-password"`
/// (mode 0600). The password is read from the file or the command's standard output only: never from
/// the environment, never passed to another process, never printed.
struct SyncSetup {
    let url: String
    let username: String?
    let passwordCommand: [String]?
    let passwordFile: String?
    /// `sync.send_sealed_notes`: true sends sealed task notes (opened) to the server; off by default.
    var sendsSealedNotes = false

    /// The section, or nil when config.json has none. - Throws: `SyncError.config` when it is unusable.
    static func load(configDirectory: String, environment: [String: String]) throws -> SyncSetup? {
        let path = configDirectory + "/config.json"
        guard let data = FileManager.default.contents(atPath: path),
            let value = try? JSONValue.parse(String(decoding: data, as: UTF8.self)), let section = value["sync"], !section.isNull
        else { return nil }
        guard let url = section["url"]?.stringValue, url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw SyncError.config(problem: "config.json: sync.url must be the http(s) address of a CalDAV task list or account")
        }
        let command = section["password_command"]?.arrayValue?.compactMap(\.stringValue)
        if let command, command.isEmpty { throw SyncError.config(problem: "config.json: sync.password_command must be a list like [\"pass\", \"show\", \"dav\"]") }
        let file = section["password_file"]?.stringValue.map { PlanningSetup.expand($0, environment: environment, relativeTo: configDirectory) }
        var setup = SyncSetup(url: url, username: section["username"]?.stringValue, passwordCommand: command, passwordFile: file)
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
            var info = stat()
            guard stat(passwordFile, &info) == 0, let data = FileManager.default.contents(atPath: passwordFile) else {
                throw SyncError.config(problem: "cannot read sync.password_file \(passwordFile); create it with mode 0600")
            }
            if info.st_mode & 0o077 != 0 {
                throw SyncError.config(problem: "\(passwordFile) is readable by others; run `chmod 600 \(passwordFile)`")
            }
            return Self.firstLine(data)
        }
        guard let passwordCommand else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: passwordCommand[0].hasPrefix("/") ? passwordCommand[0] : "/usr/bin/env")
        process.arguments = passwordCommand[0].hasPrefix("/") ? Array(passwordCommand.dropFirst()) : passwordCommand
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SyncError.config(problem: "sync.password_command `\(passwordCommand[0])` could not start")
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SyncError.config(problem: "sync.password_command `\(passwordCommand[0])` failed (exit \(process.terminationStatus))")
        }
        return Self.firstLine(data)
    }

    private static func firstLine(_ data: Data) -> String {
        String(String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }
}
