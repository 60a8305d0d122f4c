import Foundation

/// What came back: status, headers (names lower-cased; the last of a repeated name wins) and the body
/// bytes not handed to a consumer.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header's value by name, any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// How long a request may take, in seconds.
///
/// `total` is what the whole transfer may still take (a caller with retries passes what is left of its
/// deadline; below a millisecond the request is not sent); `budget` is the figure a timeout message
/// names; `idle` bounds silence while a streamed body arrives (0: no bound).
public struct HTTPLimits: Sendable {
    public var connect: Double
    public var total: Double
    public var idle: Double
    public var budget: Double

    public init(connect: Double, total: Double, idle: Double = 0, budget: Double? = nil) {
        self.connect = connect
        self.total = total
        self.idle = idle
        self.budget = budget ?? total
    }

    /// One plain request: connect within at most 10 s, the whole of it within `seconds`.
    public init(seconds: Double) {
        self.init(connect: min(10, seconds), total: seconds)
    }
}
