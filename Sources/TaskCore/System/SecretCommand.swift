import Foundation

/// Runs a command from config.json that prints a secret (the model key's `key_command`, sync's
/// `password_command`): the one runner both use.
///
/// No shell; a bare program name is looked up on `searchPath`. The child is a `ChildProcess` (a
/// minimal environment, never an agent key) with no stdin, its stderr is dropped, and what it prints
/// on stdout is read for at most `timeout` seconds (and at most 64 KiB); a command still running then
/// is stopped with everything it started (SIGTERM, then SIGKILL, to its process group). The secret is only ever read from the child's stdout: it is
/// never put in any process's argv or environment, and no message here quotes it.
public struct SecretCommand: Sendable {
    /// The config key, as messages name it (`key_command`, `sync.password_command`).
    public let setting: String
    /// What it prints, as messages name it (`the key`, `the password`).
    public let secret: String
    /// An example argv for the "is empty" message.
    public let example: [String]
    public let searchPath: String
    public let timeout: TimeInterval

    public init(setting: String, secret: String, example: [String], searchPath: String = "/usr/local/bin:/usr/bin:/bin", timeout: TimeInterval = 10) {
        self.setting = setting
        self.secret = secret
        self.example = example
        self.searchPath = searchPath
        self.timeout = timeout
    }

    /// Why the command gave no secret; `description` is one line saying what to do.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Runs `argv` and returns what it printed on stdout (not trimmed).
    /// - Throws: `Failure` when `argv` is empty, the program is not found or cannot start, fails,
    ///   runs past `timeout`, or prints nothing but white space.
    public func run(_ argv: [String]) throws(Failure) -> String {
        guard let program = argv.first, !program.isEmpty else {
            let quoted = example.map { "\"\($0)\"" }.joined(separator: ", ")
            throw Failure(description: "\(setting) is empty; give the program and its arguments in config.json, e.g. [\(quoted)]")
        }
        let name = (program as NSString).lastPathComponent
        guard let executable = resolve(program) else {
            throw Failure(description: "\(setting): '\(program)' was not found on PATH; fix `\(setting)` in config.json")
        }
        let process = ChildProcess.make(executable, Array(argv.dropFirst()))
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw Failure(description: "\(setting): '\(name)' could not be started; fix `\(setting)` in config.json")
        }
        let deadline = Date().addingTimeInterval(timeout)
        let data = Self.readOutput(output.fileHandleForReading, from: process, until: deadline)
        try? output.fileHandleForReading.close()
        guard Self.waitForExit(of: process, until: deadline) else {
            Self.stop(process)
            throw Failure(description: "\(setting) `\(name)` took longer than \(Self.seconds(timeout)); check it runs on its own")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "\(setting): '\(name)' failed (status \(process.terminationStatus)); run it yourself to see why")
        }
        let text = String(decoding: data, as: UTF8.self)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw Failure(description: "\(setting): '\(name)' printed nothing; it must print \(secret) on stdout")
        }
        return text
    }

    /// What `process` prints until end of file, until it has exited and nothing more is waiting
    /// (a background child it left may hold the pipe open), or until `deadline`; at most 64 KiB.
    private static func readOutput(_ handle: FileHandle, from process: Process, until deadline: Date) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while data.count < 65_536 {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            let exited = !process.isRunning
            let ready = poll(&poller, 1, Int32(min(remaining, 0.05) * 1_000) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 {
                if exited { break }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Whether `process` exited by `deadline`.
    private static func waitForExit(of process: Process, until deadline: Date) -> Bool {
        while process.isRunning {
            guard deadline.timeIntervalSinceNow > 0 else { return false }
            usleep(5_000)
        }
        return true
    }

    /// Asks `process` to stop, then kills it when it has not within a second. Foundation starts the
    /// child as the leader of its own process group, so the signals go to the whole group: a shell's
    /// `sleep`, or whatever a wrapper script started, stops with it instead of living on orphaned.
    private static func stop(_ process: Process) {
        let pid = process.processIdentifier
        let target = getpgid(pid) == pid ? -pid : pid
        kill(target, SIGTERM)
        if !waitForExit(of: process, until: Date().addingTimeInterval(1)) {
            kill(target, SIGKILL)
            _ = waitForExit(of: process, until: Date().addingTimeInterval(1))
        }
        if target < 0 { kill(target, SIGKILL) }  // what ignored SIGTERM after its leader had gone
    }

    /// `10 s`, `0.2 s`.
    private static func seconds(_ s: TimeInterval) -> String {
        s.rounded() == s ? "\(Int(s)) s" : "\(s) s"
    }

    private func resolve(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        for folder in searchPath.split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
