/// The answer an endpoint gives `HTTPDaemon` for one request: status, headers in order, the whole body
/// (the client side's answer is TaskHTTP's `HTTPResponse`).
public struct HTTPServerResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
