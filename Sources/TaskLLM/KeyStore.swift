import Foundation
import TaskCore

/// Where the model key comes from: the key file (`$XDG_CONFIG_HOME/tasker/key`, mode 0600) or
/// config's `key_command`, run without a shell.
///
/// Never from the environment: an `OPENAI_API_KEY` set for other tools must not make Tasker send
/// text anywhere. Nothing here ever puts the key into a message.
public struct KeyStore: Sendable {
    /// Where a key was (or would be) found, for `tasker key status`.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        case file(path: String)
        case command(argv: [String])

        public var description: String {
            switch self {
            case .file(let path): "the key file \(path)"
            case .command(let argv): "key_command `\(argv.joined(separator: " "))`"
            }
        }
    }

    /// `$XDG_CONFIG_HOME/tasker`.
    public let directory: String
    public let keyCommand: [String]?
    /// PATH used to find a bare `key_command` program.
    public let searchPath: String
    /// How long `key_command` may run before it is stopped (10 s; shorter in tests).
    public let keyCommandTimeout: TimeInterval

    public var keyPath: String { directory + "/key" }

    public init(
        directory: String, keyCommand: [String]? = nil, searchPath: String = "/usr/local/bin:/usr/bin:/bin",
        keyCommandTimeout: TimeInterval = 10
    ) {
        self.directory = directory
        self.keyCommand = keyCommand
        self.searchPath = searchPath
        self.keyCommandTimeout = keyCommandTimeout
    }

    /// Where the key would come from: `key_command` when configured, else the key file when it exists.
    public var source: Source? {
        if let keyCommand { return .command(argv: keyCommand) }
        return FileManager.default.fileExists(atPath: keyPath) ? .file(path: keyPath) : nil
    }

    /// The key, or nil when none is set.
    /// - Throws: `LLMError.key` for a key file readable by group or others (with the chmod that fixes
    ///   it), an empty key, or a `key_command` that is empty, fails or runs past `keyCommandTimeout`.
    public func load() throws(LLMError) -> APIKey? {
        if let keyCommand { return try runKeyCommand(keyCommand) }
        return try readKeyFile()
    }

    /// Writes the key file atomically with mode 0600 (in a 0700 folder) from the start.
    /// - Throws: `LLMError.key` for an empty key or a file-system failure.
    public func save(_ text: String) throws(LLMError) {
        guard let key = APIKey(text) else { throw .key(problem: "the key is empty; nothing was saved") }
        do { try OwnerOnlyFile.write(Array((key.value + "\n").utf8), to: keyPath) } catch { throw .key(problem: Self.words(error)) }
    }

    /// Deletes the key file; returns false when there was none.
    /// - Throws: `LLMError.key` when it exists but cannot be removed.
    @discardableResult
    public func remove() throws(LLMError) -> Bool {
        do { return try OwnerOnlyFile.remove(keyPath) } catch { throw .key(problem: Self.words(error)) }
    }

    private func readKeyFile() throws(LLMError) -> APIKey? {
        let data: Data
        do {
            guard let read = try OwnerOnlyFile.read(keyPath) else { return nil }
            data = read
        } catch .readableByOthers {
            throw .key(problem: "the key file \(keyPath) is readable by group or others; run `chmod 600 \(keyPath)`")
        } catch .otherOwner {
            throw .key(problem: "the key file \(keyPath) belongs to another user; run `tasker key set` to write your own")
        } catch {
            throw .key(problem: Self.words(error))
        }
        guard let key = APIKey(String(decoding: data, as: UTF8.self)) else {
            throw .key(problem: "the key file \(keyPath) is empty; run `tasker key set`")
        }
        return key
    }

    private static func words(_ problem: OwnerOnlyFile.Problem) -> String {
        switch problem {
        case .failed(let what): what
        case .readableByOthers: "the key file is readable by group or others"
        case .otherOwner: "the key file belongs to another user"
        }
    }

    private func runKeyCommand(_ argv: [String]) throws(LLMError) -> APIKey {
        guard let program = argv.first, !program.isEmpty else {
            throw .key(problem: "key_command is empty; give the program and its arguments in config.json, e.g. [\"pass\", \"show\", \"openai\"]")
        }
        let name = (program as NSString).lastPathComponent
        guard let executable = resolve(program) else {
            throw .key(problem: "key_command: '\(program)' was not found on PATH; fix `key_command` in config.json")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(argv.dropFirst())
        let output = Pipe()
        // Its own stdin would be tasker's: a command asking for input would wait on the terminal.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw .key(problem: "key_command: '\(name)' could not be started; fix `key_command` in config.json")
        }
        let deadline = Date().addingTimeInterval(keyCommandTimeout)
        let data = Self.readOutput(output.fileHandleForReading, from: process, until: deadline)
        try? output.fileHandleForReading.close()
        guard Self.waitForExit(of: process, until: deadline) else {
            Self.stop(process)
            throw .key(problem: "key_command `\(name)` took longer than \(Self.seconds(keyCommandTimeout)); check it runs on its own")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .key(problem: "key_command: '\(name)' failed (status \(process.terminationStatus)); run it yourself to see why")
        }
        guard let key = APIKey(String(decoding: data, as: UTF8.self)) else {
            throw .key(problem: "key_command: '\(name)' printed nothing; it must print the key on stdout")
        }
        return key
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

    /// Asks `process` to stop, then kills it when it has not within a second.
    private static func stop(_ process: Process) {
        process.terminate()
        if !waitForExit(of: process, until: Date().addingTimeInterval(1)) {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(of: process, until: Date().addingTimeInterval(1))
        }
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
