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
        let runner = SecretCommand(setting: "key_command", secret: "the key", example: ["pass", "show", "openai"],
                                   searchPath: searchPath, timeout: keyCommandTimeout)
        let text: String
        do { text = try runner.run(argv) } catch { throw .key(problem: error.description) }
        // The runner refuses output that is only white space, so this always holds.
        guard let key = APIKey(text) else { throw .key(problem: "key_command printed no key") }
        return key
    }

}
