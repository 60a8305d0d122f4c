import Foundation
internal import CCurl

/// One HTTP POST over a fresh libcurl easy handle: the only code in Tasker that touches libcurl.
///
/// A new handle per request means a connection that failed mid-stream is never reused (llama.cpp can
/// leave one broken after sending its 200 header). Bytes can be collected or handed to a consumer as
/// they arrive (server-sent events). Timeouts: connect and overall through libcurl, both cut to what is
/// left of the call's deadline (so retries share one budget); stream idle and cancellation through the
/// transfer-progress callback, which libcurl calls at least once a second.
final class HTTPClient {
    /// What to send.
    struct Request: Sendable {
        var url: String
        var headers: [String]
        var body: Data
        /// A GET sends no body and no Content-Type (calendar subscriptions); otherwise a JSON POST.
        var isGet = false
    }

    /// What came back: status, headers (names lower-cased) and the body bytes not handed to a consumer.
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    private static let globalInit: Bool = ccurl_global_init() == CURLE_OK

    private let handle: UnsafeMutableRawPointer?
    private var status = 0
    private var headers: [String: String] = [:]
    private var body = Data()
    private var consumer: ((Data) throws -> Void)?
    private var consumerError: (any Error)?
    private var lastActivity = Date()
    private var idleLimit: Double = 0
    private var idleExpired = false
    private var cancellation: Cancellation?

    init() {
        _ = Self.globalInit
        handle = UnsafeMutableRawPointer(curl_easy_init())
    }

    deinit {
        if let handle { curl_easy_cleanup(handle) }
    }

    /// POSTs `request` within what is left of `deadline`; when `onBody` is given, a 2xx body is handed
    /// to it chunk by chunk instead of being collected (error bodies are always collected).
    ///
    /// The transfer as a whole may take only the time `deadline` has left; `timeouts.connect` is cut to
    /// it too, and `timeouts.idle` bounds silence in a streamed body.
    /// - Throws: `LLMError.unreachable`, `.timedOut` (also when the deadline has already passed),
    ///   `.transport`, `.cancelled`, or what `onBody` threw.
    func post(
        _ request: Request, timeouts: ModelTimeouts, deadline: ModelDeadline, cancellation: Cancellation?,
        onBody: ((Data) throws -> Void)? = nil
    ) throws -> Response {
        guard let handle else { throw LLMError.transport(code: 2, detail: "libcurl could not start") }
        if cancellation?.isCancelled == true { throw LLMError.cancelled }
        let left = deadline.remaining
        // libcurl reads a timeout of 0 as "none": a spent deadline must not reach it.
        guard left >= 0.001 else { throw LLMError.timedOut(url: Self.site(of: request.url), seconds: deadline.budget) }
        self.consumer = onBody
        self.cancellation = cancellation
        self.idleLimit = onBody == nil ? 0 : timeouts.idle
        self.lastActivity = Date()

        var list: UnsafeMutablePointer<curl_slist>?
        for line in request.headers + (request.isGet ? [] : ["Content-Type: application/json", "Expect:"]) {
            list = curl_slist_append(list, line)
        }
        defer { curl_slist_free_all(list) }

        let context = Unmanaged.passUnretained(self).toOpaque()
        ccurl_setopt_string(handle, CURLOPT_URL, request.url)
        ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        if request.isGet {
            ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1)
            ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
            ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, 5)
            ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        } else {
            ccurl_setopt_long(handle, CURLOPT_POST, 1)
            ccurl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, request.body.count)
            request.body.withUnsafeBytes { bytes in
                _ = ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        }
        ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(timeouts.connect, left)))
        ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(left))
        ccurl_setopt_long(handle, CURLOPT_FORBID_REUSE, 1)
        ccurl_setopt_write_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let client = Unmanaged<HTTPClient>.fromOpaque(context).takeUnretainedValue()
            return client.receiveBody(Data(bytes: data, count: size * count)) ? size * count : 0
        }
        ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_setopt_header_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let client = Unmanaged<HTTPClient>.fromOpaque(context).takeUnretainedValue()
            client.receiveHeader(String(decoding: Data(bytes: data, count: size * count), as: UTF8.self))
            return size * count
        }
        ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
        ccurl_setopt_xferinfo_function(handle) { context, _, _, _, _ in
            guard let context else { return 0 }
            let client = Unmanaged<HTTPClient>.fromOpaque(context).takeUnretainedValue()
            return client.shouldAbort() ? 1 : 0
        }
        ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)

        let code = curl_easy_perform(handle)
        if let consumerError { throw consumerError }
        if code != CURLE_OK { throw mapError(code, request: request, budget: deadline.budget) }
        return Response(status: status, headers: headers, body: body)
    }

    private func receiveBody(_ data: Data) -> Bool {
        lastActivity = Date()
        guard (200..<300).contains(status), let consumer else {
            body.append(data)
            return true
        }
        do {
            try consumer(data)
            return true
        } catch {
            consumerError = error
            return false
        }
    }

    private func receiveHeader(_ line: String) {
        lastActivity = Date()
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            // A new status line (after `100 Continue` or a redirect) starts a new set of headers.
            let parts = trimmed.split(separator: " ")
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            headers = [:]
        } else if let colon = trimmed.firstIndex(of: ":") {
            let name = trimmed[..<colon].lowercased()
            headers[name] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }

    private func shouldAbort() -> Bool {
        if cancellation?.isCancelled == true { return true }
        if idleLimit > 0, Date().timeIntervalSince(lastActivity) > idleLimit {
            idleExpired = true
            return true
        }
        return false
    }

    /// A libcurl timeout in whole milliseconds, at least 1 (0 would mean none).
    private static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }

    private func mapError(_ code: CURLcode, request: Request, budget: Double) -> LLMError {
        let detail = String(cString: curl_easy_strerror(code))
        let site = Self.site(of: request.url)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY:
            return .unreachable(url: site, detail: detail)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(url: site, seconds: budget)
        case CURLE_ABORTED_BY_CALLBACK:
            return idleExpired ? .timedOut(url: site, seconds: idleLimit) : .cancelled
        default:
            return .transport(code: Int(code.rawValue), detail: detail)
        }
    }

    /// The URL up to its path, for messages (a URL never carries the key, but keep messages short).
    static func site(of url: String) -> String {
        guard var parts = URLComponents(string: url) else { return url }
        parts.user = nil
        parts.password = nil
        parts.query = nil
        let path = parts.path
        if path.hasSuffix("/chat/completions") { parts.path = String(path.dropLast("/chat/completions".count)) }
        return parts.string ?? url
    }
}
