/// One HTTP request as the server hands it to an endpoint (`HTTPDaemon`'s handler; the client side is
/// TaskHTTP's `HTTPRequest`): header names in lower case, the whole body.
public struct HTTPServerRequest: Sendable {
    public var method: String
    public var path: String
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, headers: [String: String], body: [UInt8]) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}
