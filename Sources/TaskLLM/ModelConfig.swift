import Foundation
import TaskCore

/// The model settings from `$XDG_CONFIG_HOME/tasker/config.json`, every key optional.
///
/// The keys are the Model section of `TaskerConfig` (docs/CONFIG.md), checked there; this reads their
/// typed values. No file means the OpenAI preset, which stays off until a key is set.
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
        switch TaskerConfig.fileText(at: path) {
        case .missing: return ModelConfig()
        case .unusable(let reason): throw .config(path: path, problem: reason)
        case .text(let text): return try parse(text, path: path)
        }
    }

    /// Reads config text; `path` is only used in messages.
    /// - Throws: `LLMError.config` naming the problem.
    public static func parse(_ text: String, path: String) throws(LLMError) -> ModelConfig {
        try parse(TaskerConfig(text: text), path: path)
    }

    /// The model's typed values from config.json as the declaration read it (`TaskerConfig`, parsed once
    /// by the caller for every section); `path` is only used in messages.
    /// - Throws: `LLMError.config` with the first problem that turns the model path off: the file's, a
    ///   top-level key nobody reads, or a bad model key (in the words this error has always used).
    public static func parse(_ config: TaskerConfig, path: String) throws(LLMError) -> ModelConfig {
        let file = config.problems.filter { $0.kind == .file }
        if let problem = (file + config.unknownTopLevelKeys + config.problems(in: .model)).first {
            throw .config(path: path, problem: message(for: problem, in: config))
        }
        return ModelConfig(
            preset: config.string(.preset).flatMap(EndpointPreset.init(rawValue:)),
            baseURL: config.string(.baseURL)?.trimmingCharacters(in: .whitespaces),
            model: config.string(.model)?.trimmingCharacters(in: .whitespaces), keyCommand: config.argv(.keyCommand),
            timeoutSeconds: config.number(.timeoutSeconds) ?? 60, firstTokenSeconds: config.number(.firstTokenSeconds) ?? 20,
            confirm: config.string(.confirm).flatMap(Confirm.init(rawValue:)) ?? .writes)
    }

    /// A problem the model path stops on, in the words `tasker key status` and the chat have always
    /// shown (`'confirm' must be writes, all or never`); `tasker config check` says the declaration's.
    private static func message(for problem: TaskerConfig.Problem, in config: TaskerConfig) -> String {
        let name = problem.path
        let text = config.object[name]?.stringValue?.trimmingCharacters(in: .whitespaces) ?? ""
        switch problem.kind {
        case .file: return problem.reason
        case .unknownKey: return "unknown key '\(name)'; known keys: \(knownKeys.joined(separator: ", "))"
        case .badValue, .missing: break
        }
        switch name {
        case ConfigKey.preset.path where !text.isEmpty:
            return "unknown preset '\(text)'; use one of \(EndpointPreset.allCases.map(\.rawValue).joined(separator: ", "))"
        case ConfigKey.baseURL.path where !text.isEmpty:
            return "'base_url' must be an http or https URL such as http://127.0.0.1:11434/v1"
        case ConfigKey.keyCommand.path:
            return "'key_command' must be a non-empty array of strings, e.g. [\"pass\", \"show\", \"openai\"]"
        case ConfigKey.timeoutSeconds.path, ConfigKey.firstTokenSeconds.path:
            return "'\(name)' must be a number of seconds between 1 and 3600"
        case ConfigKey.confirm.path where !text.isEmpty:
            return "'confirm' must be writes, all or never"
        default:
            return "'\(name)' must be a non-empty string"
        }
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
