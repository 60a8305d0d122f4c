import Foundation
internal import CCurl

/// One HTTP request over a fresh libcurl easy handle: the only code in Tasker that touches libcurl.
///
/// Used by the model client (JSON POSTs, streamed answers), calendar subscriptions (GET with
/// redirects) and CalDAV sync (PROPFIND, REPORT, PUT, DELETE with ETags and Basic credentials).
/// A new handle per request means a connection that failed mid-stream is never reused (llama.cpp can
/// leave one broken after sending its 200 header). Bytes can be collected or handed to a consumer as
/// they arrive (server-sent events). Timeouts: connect and overall through libcurl; stream idle and
/// cancellation through the transfer-progress callback, which libcurl calls at least once a second.
public final class HTTPClient {
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
    private var isCancelled: (() -> Bool)?

    public init() {
        _ = Self.globalInit
        handle = UnsafeMutableRawPointer(curl_easy_init())
    }

    deinit {
        if let handle { curl_easy_cleanup(handle) }
    }

    /// Sends `request` within `limits`; when `onBody` is given, a 2xx body is handed to it chunk by
    /// chunk instead of being collected (error bodies are always collected).
    ///
    /// A handle serves one request: make a new `HTTPClient` for the next.
    /// - Throws: `HTTPError.unreachable`, `.timedOut` (also when `limits.total` is already spent),
    ///   `.transport`, `.cancelled` (when `isCancelled` returns true), or what `onBody` threw.
    public func perform(
        _ request: HTTPRequest, limits: HTTPLimits, isCancelled: (() -> Bool)? = nil,
        onBody: ((Data) throws -> Void)? = nil
    ) throws -> HTTPResponse {
        guard let handle else { throw HTTPError.transport(code: 2, detail: "libcurl could not start") }
        if isCancelled?() == true { throw HTTPError.cancelled }
        // libcurl reads a timeout of 0 as "none": a spent budget must not reach it.
        guard limits.total >= 0.001 else { throw HTTPError.timedOut(url: Self.site(of: request.url), seconds: limits.budget) }
        self.consumer = onBody
        self.isCancelled = isCancelled
        self.idleLimit = onBody == nil ? 0 : limits.idle
        self.lastActivity = Date()

        var upload: UnsafeMutablePointer<FILE>?
        if let path = request.bodyFile {
            guard let file = fopen(path, "rb") else {
                throw HTTPError.transport(code: Int(CURLE_READ_ERROR.rawValue), detail: "cannot read \(path) to send it: \(String(cString: strerror(errno)))")
            }
            upload = file
        }
        defer { if let upload { fclose(upload) } }
        let hasBody = request.body != nil || upload != nil

        var list: UnsafeMutablePointer<curl_slist>?
        // "Expect:" stops libcurl's 100-continue round trip before a body.
        for line in request.headers + (hasBody ? ["Expect:"] : []) {
            list = curl_slist_append(list, line)
        }
        defer { curl_slist_free_all(list) }

        ccurl_setopt_string(handle, CURLOPT_URL, request.url)
        ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        setBodyAndMethod(handle, request, upload: upload)
        setRedirectsAndCredentials(handle, request)
        ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(limits.connect, limits.total)))
        ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(limits.total))
        ccurl_setopt_long(handle, CURLOPT_FORBID_REUSE, 1)
        setCallbacks(handle)

        let code = curl_easy_perform(handle)
        if let consumerError { throw consumerError }
        if code != CURLE_OK { throw mapError(code, request: request, budget: limits.budget) }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// The body (a file read as libcurl sends it, or bytes) and the method when it is not the one the
    /// body implies (PUT for a file, POST for bytes, GET for none).
    private func setBodyAndMethod(_ handle: UnsafeMutableRawPointer, _ request: HTTPRequest, upload: UnsafeMutablePointer<FILE>?) {
        let hasBody = request.body != nil || upload != nil
        if let upload {
            // An upload (PUT unless the method says otherwise) read from the file as libcurl sends it.
            var info = stat()
            fstat(fileno(upload), &info)
            ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1)
            ccurl_setopt_off_t(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(info.st_size))
            ccurl_setopt_read_function(handle) { buffer, size, count, file in
                guard let buffer, let file else { return 0 }
                return fread(buffer, 1, size * count, file.assumingMemoryBound(to: FILE.self))
            }
            ccurl_setopt_pointer(handle, CURLOPT_READDATA, upload)
        } else if let body = request.body {
            ccurl_setopt_long(handle, CURLOPT_POST, 1)
            ccurl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
            body.withUnsafeBytes { bytes in
                _ = ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        } else {
            ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        }
        let method = request.method.uppercased()
        if method != (upload != nil ? "PUT" : hasBody ? "POST" : "GET") {
            ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }
    }

    /// Redirects (only when the request follows them) and Basic credentials.
    private func setRedirectsAndCredentials(_ handle: UnsafeMutableRawPointer, _ request: HTTPRequest) {
        if request.followsRedirects {
            ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
            ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, 5)
            ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        }
        if let credentials = request.credentials {
            // Basic only (CURLAUTH_BASIC is 1); libcurl does not pass them on to another host after a redirect.
            ccurl_setopt_long(handle, CURLOPT_HTTPAUTH, 1)
            ccurl_setopt_string(handle, CURLOPT_USERNAME, credentials.username)
            ccurl_setopt_string(handle, CURLOPT_PASSWORD, credentials.password)
        }
    }

    /// The body, header and progress callbacks, each reaching this client through its context pointer.
    private func setCallbacks(_ handle: UnsafeMutableRawPointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
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
        if isCancelled?() == true { return true }
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

    private func mapError(_ code: CURLcode, request: HTTPRequest, budget: Double) -> HTTPError {
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

    /// The URL up to its path, for messages: no user, password or query.
    public static func site(of url: String) -> String {
        guard var parts = URLComponents(string: url) else { return url }
        parts.user = nil
        parts.password = nil
        parts.query = nil
        return parts.string ?? url
    }
}
