import TaskCore

/// Everything that can go wrong on the model path, each with a one-line message saying what to do.
///
/// Messages never contain the key, the prompt or the user's text; server bodies are cut short and
/// scrubbed of the key before they are stored here.
public enum LLMError: Error, Sendable, Equatable, CustomStringConvertible, ExitCodeError {
    /// 401/403: the endpoint refused the key (or needs one).
    case unauthorized(status: Int)
    /// 404 naming a model (or any 404): the model or the path is wrong.
    case modelNotFound(model: String, url: String)
    /// Any other HTTP status that is not success, with a short excerpt of the error message.
    case http(status: Int, message: String)
    /// The server does not take the `response_format` sent (a 400/422/500 naming it); the structured
    /// output ladder then tries the next form.
    case formatRejected(status: Int, message: String)
    /// 429 after every retry.
    case rateLimited(attempts: Int)
    /// 429 or 5xx with a `Retry-After` longer than the request may still wait (what is left of
    /// `timeout_seconds`, at most `maxRetryWait`): given up at once, without waiting.
    case retryLater(status: Int, seconds: Int)
    /// curl could not connect (7) or resolve the host (6).
    case unreachable(url: String, detail: String)
    /// curl error 28, or the stream went quiet for too long.
    case timedOut(url: String, seconds: Double)
    /// The connection was cut (curl 18) or another transport failure.
    case transport(code: Int, detail: String)
    /// The caller tripped the cancellation token.
    case cancelled
    /// The reply was not JSON.
    case invalidJSON(detail: String)
    /// The reply was JSON but not the shape asked for.
    case wrongShape(detail: String)
    /// A stream ended without `[DONE]` or without a finish reason.
    case streamBroken(detail: String)
    /// config.json could not be read.
    case config(path: String, problem: String)
    /// The key file or key_command could not be used.
    case key(problem: String)
    /// No system prompt file was found.
    case promptMissing(name: String, searched: [String])

    /// A config.json a command needs but cannot use is the caller's to fix, like a bad option (2); anything else on the model path is a failure (1).
    public var exitCode: Int32 {
        if case .config = self { return 2 }
        return 1
    }

    public var description: String {
        switch self {
        case .unauthorized(let status):
            return "the endpoint rejected the key (HTTP \(status)); run `tasker key set`"
        case .modelNotFound(let model, let url):
            return "the endpoint \(url) does not know model '\(model)' (HTTP 404); check `model` in config.json"
        case .http(let status, let message):
            let tail = message.isEmpty ? "" : ": \(message)"
            return "the endpoint answered HTTP \(status)\(tail)"
        case .formatRejected(let status, let message):
            return "the endpoint does not take this response_format (HTTP \(status): \(message))"
        case .rateLimited(let attempts):
            return "the endpoint is rate-limiting requests (HTTP 429, \(attempts) attempts); wait a minute and try again"
        case .retryLater(let status, let seconds):
            return "the endpoint is busy (HTTP \(status)) and asked to retry in \(seconds) s, longer than this request may wait within `timeout_seconds`; try again later"
        case .unreachable(let url, let detail):
            return "the endpoint at \(url) is not reachable (\(detail)); check `base_url` in config.json and that the server is running"
        case .timedOut(let url, let seconds):
            return "the endpoint at \(url) did not answer within \(Self.seconds(seconds)); try again or raise `timeout_seconds` in config.json"
        case .transport(let code, let detail):
            return "the connection to the endpoint failed (curl \(code): \(detail)); try again"
        case .cancelled:
            return "the model request was cancelled"
        case .invalidJSON(let detail):
            return "the model's reply was not valid JSON (\(detail)); try again or use a stronger model"
        case .wrongShape(let detail):
            return "the model's reply did not have the expected shape (\(detail)); try again or use a stronger model"
        case .streamBroken(let detail):
            return "the model's answer stream broke off (\(detail)); try again"
        case .config(let path, let problem):
            return "\(path): \(problem)"
        case .key(let problem):
            return problem
        case .promptMissing(let name, let searched):
            return "the system prompt \(name) was not found (looked in \(searched.joined(separator: ", "))); set TASKER_PROMPTS to the prompts folder"
        }
    }

    private static func seconds(_ s: Double) -> String {
        s.rounded() == s ? "\(Int(s)) s" : "\(s) s"
    }
}
