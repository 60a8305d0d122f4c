import Foundation
import TaskCLI
import TaskLLM
import TaskNL
import TaskREPL

/// The model path, set up in one place for the chat and `parse --refine`: config.json read once,
/// the key resolved, the prompt located.
///
/// A config.json that cannot be read, is not JSON or holds a bad value is never dropped:
/// `configProblem` keeps it, the defaults stand in for it, and `prepare` turns the model path off
/// with a notice that names the file and the problem. It is not fatal: both users work on the
/// rules alone, so the person still gets a reading (or a chat) plus one line saying what to fix.
struct ModelSetup {
    /// Why the model path is off.
    enum Off: Error, CustomStringConvertible {
        /// No key and no local endpoint: the ordinary state, not a fault.
        case notConfigured(configDirectory: String)
        /// A broken config.json, key or prompt file (the message says which and what to do).
        case failed(LLMError)

        var description: String {
            switch self {
            case .notConfigured(let directory):
                "no model configured: run `tasker key set`, or set base_url to a local server in \(directory)/config.json"
            case .failed(let error):
                "\(error)"
            }
        }

        /// True when something is broken (rather than simply not set up).
        var isFault: Bool {
            if case .failed = self { return true }
            return false
        }
    }

    /// What the model path needs once it is on.
    struct Ready {
        let config: ModelConfig
        let key: APIKey?
        let prompt: String
    }

    /// `$XDG_CONFIG_HOME/tasker`.
    let configDirectory: String
    /// config.json, or the defaults when it is broken (`configProblem` says why).
    let config: ModelConfig
    let configProblem: LLMError?
    let keys: KeyStore
    let prompts: PromptLocator
    /// Which structured-output form each endpoint accepted (`structured-output.json` beside config.json).
    let memory: StructuredOutputMemory

    /// Reads `configDirectory/config.json` (once) and prepares the key store and prompt search.
    init(configDirectory: String, environment: [String: String]) {
        self.configDirectory = configDirectory
        var problem: LLMError?
        do { config = try Self.modelConfig(configDirectory) } catch {
            config = ModelConfig()
            problem = error
        }
        configProblem = problem
        keys = KeyStore(directory: configDirectory, keyCommand: config.keyCommand, searchPath: environment["PATH"] ?? "/usr/bin:/bin")
        prompts = PromptLocator(configDirectory: configDirectory, environment: environment)
        memory = StructuredOutputMemory(configDirectory: configDirectory)
    }

    /// The model's keys from config.json as every setup reads it (`ConfigFile`, parsed once).
    /// - Throws: `LLMError.config` naming the file and what is wrong with it.
    private static func modelConfig(_ directory: String) throws(LLMError) -> ModelConfig {
        let path = directory + "/config.json"
        let loaded = ConfigFile.load(in: directory)
        if let problem = loaded.problem { throw .config(path: path, problem: problem) }
        return try ModelConfig.parse(loaded.object ?? [:], path: path)
    }

    /// The config, key and the prompt `promptName` when the model path is on, else why it is off.
    /// The key (or `key_command`) is read on every call, so a key set since is found.
    func prepare(prompt promptName: String) -> Result<Ready, Off> {
        if let configProblem { return .failure(.failed(configProblem)) }
        do {
            let key = try keys.load()
            guard config.modelPathEnabled(hasKey: key != nil) else { return .failure(.notConfigured(configDirectory: configDirectory)) }
            return .success(Ready(config: config, key: key, prompt: try prompts.load(promptName)))
        } catch {
            return .failure(.failed(error))
        }
    }

    /// The chat's model conversation (prompt `chat.md`), or why there is none.
    func conversation() -> Result<ModelConversation, Off> {
        prepare(prompt: "chat.md").map { ready in
            // Dictations go through the structured refine request (prompt refine.md) when it is there.
            let refiner = (try? prompts.load("refine.md")).map {
                OpenAIDictationRefiner(config: ready.config, key: ready.key, prompt: $0, memory: memory)
            }
            // PlanRouter's model planner (prompt plan.md) when it is there.
            let planner = (try? prompts.load("plan.md")).map {
                OpenAIDayPlanModel(config: ready.config, key: ready.key, prompt: $0, memory: memory)
            }
            return ModelConversation(
                model: OpenAIChatModel(config: ready.config, key: ready.key, memory: memory), systemPrompt: ready.prompt,
                modelName: ready.config.model, refiner: refiner, planner: planner)
        }
    }

    /// The refinement backend for `parse --refine` (prompt `refine.md`), or why there is none.
    func backend(parser: TaskNLParser) -> Result<LLMTaskBackend, Off> {
        prepare(prompt: "refine.md").map { ready in
            LLMTaskBackend(client: OpenAIClient(config: ready.config, key: ready.key), systemPrompt: ready.prompt, parser: parser, memory: memory)
        }
    }
}
