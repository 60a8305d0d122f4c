import Foundation
import TaskHTTP

/// Fetches a subscription URL: one GET with the given headers. The command line supplies one over
/// the shared libcurl wrapper; tests can use the same against a server on 127.0.0.1.
public protocol CalendarFetching: Sendable {
    /// - Throws: a one-line error when nothing came back (unreachable, timed out).
    func get(_ url: String, headers: [String]) throws -> HTTPResponse
}
