import Foundation

/// One HTTP request: any method (GET, POST, PUT, DELETE, PROPFIND, REPORT…), header lines, a body,
/// and optional Basic credentials (sent through libcurl's own options, never in the URL).
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    /// Whole header lines (`If-Match: "abc"`); a body's `Content-Type` is the caller's to give.
    public var headers: [String]
    /// Sent as the request body when not nil (also for a custom method such as PROPFIND).
    public var body: Data?
    /// A file sent as the request body, read while it is sent, so a large upload is never held in
    /// memory; takes the place of `body`.
    public var bodyFile: String?
    /// Follow up to five redirects (calendar subscriptions); WebDAV requests leave it off.
    public var followsRedirects: Bool
    public var credentials: HTTPCredentials?

    public init(
        method: String = "GET", url: String, headers: [String] = [], body: Data? = nil, bodyFile: String? = nil,
        followsRedirects: Bool = false, credentials: HTTPCredentials? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
        self.followsRedirects = followsRedirects
        self.credentials = credentials
    }
}

/// A user name and password for HTTP Basic authentication. Never printed: `description` hides the password.
public struct HTTPCredentials: Sendable, CustomStringConvertible {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    public var description: String { "\(username):[hidden]" }
}
