import Foundation

/// One HTTP GET for modules other than the model client (calendar subscriptions), so libcurl stays
/// wrapped in `HTTPClient` alone.
public enum HTTPDownload {
    /// What came back: status, headers (names lower-cased), body.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
    }

    /// GETs `url` with `headers` (`If-None-Match: "…"`), following redirects, within `timeoutSeconds`.
    /// - Throws: `LLMError.unreachable`, `.timedOut` or `.transport`, each one line.
    public static func get(_ url: String, headers: [String], timeoutSeconds: Double) throws -> Response {
        let response = try HTTPClient().post(
            .init(url: url, headers: headers, body: Data(), isGet: true), timeouts: ModelTimeouts(overall: timeoutSeconds),
            deadline: ModelDeadline(seconds: timeoutSeconds), cancellation: nil)
        return Response(status: response.status, headers: response.headers, body: response.body)
    }
}
