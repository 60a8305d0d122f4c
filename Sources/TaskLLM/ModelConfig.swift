import Foundation
import TaskCore

/// The model settings from `$XDG_CONFIG_HOME/tasker/config.json`, every key optional.
///
/// Keys: `preset`, `base_url` (wins over `preset`), `model`, `key_command` (argv array),
/// `timeout_seconds`, `first_token_seconds` (how long the chat waits for a model's first words before
/// it offers the rules' reading, default 20), `confirm` (`writes|all|never`). No file means the OpenAI preset, which stays
/// off until a key is set.
public struct ModelConfig: Sendable, Equatable {
    /// Which proposed tool calls the REPL asks about.
    public enum Confirm: String, Sendable, CaseIterable {
        case writes, all, never
    }

    /// Every key config.json may hold at its top level: the model's and every other section's, from
    /// the one declaration (`TaskerConfig`).
    public static let knownKeys = TaskerConfig.topLevelKeys

    public var preset: EndpointPreset?
    /// The base URL requests go to (`…/v1`), without a trailing slash.
    public var baseURL: String
    /// True when config.json chose the endpoint (`base_url` or `preset`), not the default.
    public var endpointConfigured: Bool
    public var model: String
    public var keyCommand: [String]?
    public var timeoutSeconds: Double
    /// The chat's wait for a model's first words (a streamed answer's first token, a refinement's
    /// answer) before it says so and offers the rules' reading; never longer than `timeoutSeconds`.
    public var firstTokenSeconds: Double
    public var confirm: Confirm

    public init(
        preset: EndpointPreset? = nil, baseURL: String? = nil, model: String? = nil, keyCommand: [String]? = nil,
        timeoutSeconds: Double = 60, firstTokenSeconds: Double = 20, confirm: Confirm = .writes
    ) {
        self.preset = preset
        let resolved = baseURL ?? (preset ?? .openai).baseURL
        self.baseURL = resolved.hasSuffix("/") ? String(resolved.dropLast()) : resolved
        self.endpointConfigured = baseURL != nil || preset != nil
        self.model = model ?? (preset ?? (baseURL == nil ? .openai : .llamacpp)).defaultModel
        self.keyCommand = keyCommand
        self.timeoutSeconds = timeoutSeconds
        self.firstTokenSeconds = firstTokenSeconds
        self.confirm = confirm
    }

    /// Loads `directory/config.json`; a missing file gives the defaults.
    /// - Throws: `LLMError.config` naming the file and what is wrong with it.
    public static func load(directory: String) throws(LLMError) -> ModelConfig {
        let path = directory + "/config.json"
        guard FileManager.default.fileExists(atPath: path) else { return ModelConfig() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .config(path: path, problem: "cannot be read; check its permissions")
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    /// Reads config text; `path` is only used in messages.
    /// - Throws: `LLMError.config` naming the problem.
    public static func parse(_ text: String, path: String) throws(LLMError) -> ModelConfig {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return ModelConfig() }
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw .config(path: path, problem: "not valid JSON (\(error.reason) at byte \(error.offset))")
        }
        guard let object = value.objectValue else { throw .config(path: path, problem: "must hold one JSON object") }
        return try parse(object, path: path)
    }

    /// Reads config.json's object, parsed once by the caller for every section; `path` is only used in
    /// messages. - Throws: `LLMError.config` naming the problem.
    public static func parse(_ object: [String: JSONValue], path: String) throws(LLMError) -> ModelConfig {
        if let unknown = object.keys.sorted().first(where: { !knownKeys.contains($0) }) {
            throw .config(path: path, problem: "unknown key '\(unknown)'; known keys: \(knownKeys.joined(separator: ", "))")
        }
        func string(_ key: String) throws(LLMError) -> String? {
            guard let v = object[key], !v.isNull else { return nil }
            guard let s = v.stringValue, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .config(path: path, problem: "'\(key)' must be a non-empty string")
            }
            return s.trimmingCharacters(in: .whitespaces)
        }
        var preset: EndpointPreset?
        if let name = try string("preset") {
            guard let p = EndpointPreset(rawValue: name.lowercased()) else {
                let names = EndpointPreset.allCases.map(\.rawValue).joined(separator: ", ")
                throw .config(path: path, problem: "unknown preset '\(name)'; use one of \(names)")
            }
            preset = p
        }
        let baseURL = try string("base_url")
        if let baseURL {
            guard let url = URLComponents(string: baseURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false
            else { throw .config(path: path, problem: "'base_url' must be an http or https URL such as http://127.0.0.1:11434/v1") }
        }
        var keyCommand: [String]?
        if let v = object["key_command"], !v.isNull {
            guard let items = v.arrayValue, !items.isEmpty, items.allSatisfy({ $0.stringValue?.isEmpty == false }) else {
                throw .config(path: path, problem: "'key_command' must be a non-empty array of strings, e.g. [\"pass\", \"show\", \"openai\"]")
            }
            keyCommand = items.compactMap(\.stringValue)
        }
        var timeout: Double = 60
        if let v = object["timeout_seconds"], !v.isNull {
            guard let seconds = v.doubleValue, seconds > 0, seconds <= 3600 else {
                throw .config(path: path, problem: "'timeout_seconds' must be a number of seconds between 1 and 3600")
            }
            timeout = seconds
        }
        var firstToken: Double = 20
        if let v = object["first_token_seconds"], !v.isNull {
            guard let seconds = v.doubleValue, seconds > 0, seconds <= 3600 else {
                throw .config(path: path, problem: "'first_token_seconds' must be a number of seconds between 1 and 3600")
            }
            firstToken = seconds
        }
        var confirm = Confirm.writes
        if let name = try string("confirm") {
            guard let c = Confirm(rawValue: name) else {
                throw .config(path: path, problem: "'confirm' must be writes, all or never")
            }
            confirm = c
        }
        return ModelConfig(
            preset: preset, baseURL: baseURL, model: try string("model"), keyCommand: keyCommand,
            timeoutSeconds: timeout, firstTokenSeconds: firstToken, confirm: confirm)
    }

    /// The timeouts of the chat's requests: `timeout_seconds` for the whole call, `first_token_seconds`
    /// for the silence before the first token (and between tokens) of a streamed answer.
    public var chatTimeouts: ModelTimeouts {
        ModelTimeouts(connect: min(10, timeoutSeconds), overall: timeoutSeconds, idle: min(firstTokenSeconds, timeoutSeconds))
    }

    /// True when the base URL's host is loopback: 127.0.0.0/8, ::1 or localhost.
    public var isLoopback: Bool {
        guard let host = URLComponents(string: baseURL)?.host?.lowercased() else { return false }
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts[0] == "127"
    }

    /// Whether the model path may run: with a key, or for an endpoint on loopback chosen in config.json
    /// (nothing then leaves the machine).
    public func modelPathEnabled(hasKey: Bool) -> Bool {
        hasKey || (endpointConfigured && isLoopback)
    }
}
