import Foundation

/// Fetches a subscription URL: one GET with the given headers. The command line supplies one over
/// the shared libcurl wrapper; tests can use the same against a server on 127.0.0.1.
public protocol CalendarFetching: Sendable {
    /// - Throws: a one-line error when nothing came back (unreachable, timed out).
    func get(_ url: String, headers: [String]) throws -> CalendarFetchResponse
}

/// A fetched answer: status, headers (names lower-cased), body.
public struct CalendarFetchResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
