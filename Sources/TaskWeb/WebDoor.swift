import Foundation
import TaskCore
import TaskHTTPServer
import TaskNL
import TaskToolkit

/// `tasker web`'s one page and its JSON endpoints, behind the checks every request passes in order:
/// a Host naming this server (421), no foreign Origin (403), then — except for the one-time
/// `/login/TOKEN` — the session cookie (401), and on every POST the CSRF header (403) and a JSON
/// body (415, 400). A refused request changes nothing.
///
/// Everything the page does is a tool call through the same `TaskToolkit` as the chat and MCP, or a
/// decision at the `ApprovalDesk` as `tasker approve` makes. Requests are handled one at a time (the
/// store is one SQLite connection).
public final class WebDoor: @unchecked Sendable {
    public static let csrfHeader = "x-tasker-csrf"

    /// The model's refine path (the chat's and `parse --refine`'s): a sentence in, the merged drafts
    /// and a notice out. Nil when no model is configured; the page then shows no Refine button.
    public typealias Refine = (String) -> (drafts: [ParseResult], notice: String?)

    let toolkit: TaskToolkit
    let refine: Refine?
    private var hosts = LoopbackHosts()
    private var tokens = WebTokens()
    private let lock = NSLock()

    public init(toolkit: TaskToolkit, refine: Refine? = nil) {
        self.toolkit = toolkit
        self.refine = refine
    }

    /// The port, once bound: Host, Origin and the cookie's name follow it.
    public var port: UInt16 {
        get { lock.withLock { hosts.port } }
        set { lock.withLock { hosts.port = newValue } }
    }

    /// The URL to open, with the one-time token (nil once it has been used).
    public var loginURL: String? {
        lock.withLock { tokens.login.map { "http://127.0.0.1:\(hosts.port)/login/\($0)" } }
    }

    /// The session cookie's name: per port, since cookies are shared by every port of a host.
    var cookieName: String { "tasker_session_\(hosts.port)" }

    public func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
        lock.withLock { respond(request) }
    }

    /// `refine`, run with the door's lock let go: a model may take its whole timeout, and the page's
    /// other requests (capture chips, today, approvals) must not wait for it. The model touches no
    /// store and no token; the request it belongs to passed every check before, and the lock is
    /// taken again before its answer is written.
    private var refineOutsideTheLock: Refine? {
        refine.map { refine in
            { [lock] text in
                lock.unlock()
                defer { lock.lock() }
                return refine(text)
            }
        }
    }

    private func respond(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard hosts.hostIsValid(request.headers["host"]) else { return Self.text(421, "the Host header does not name this server") }
        if let origin = request.headers["origin"], !hosts.originIsValid(origin) {
            return Self.text(403, "requests from the origin \(origin) are refused")
        }
        if path.hasPrefix("/login/") {
            guard request.method == "GET" else { return Self.methodNotAllowed("GET") }
            guard tokens.redeem(String(path.dropFirst("/login/".count))) else {
                return Self.text(401, "this link is wrong or was used already; stop tasker web and start it again for a new one")
            }
            return HTTPServerResponse(status: 303, headers: Self.common + [
                ("Location", "/"), ("Set-Cookie", "\(cookieName)=\(tokens.session); HttpOnly; SameSite=Strict; Path=/"),
            ])
        }
        guard tokens.hasSession(request.headers["cookie"], cookieName: cookieName) else {
            return Self.text(401, "no session: open the URL tasker web printed (its token works once)")
        }
        switch (request.method, path) {
        case ("GET", "/"): return Self.body(200, "text/html; charset=utf-8", WebPage.html(csrf: tokens.csrf, refine: refine != nil))
        case ("GET", "/app.js"): return Self.body(200, "text/javascript; charset=utf-8", WebPage.script)
        case ("GET", "/app.css"): return Self.body(200, "text/css; charset=utf-8", WebPage.style)
        case ("GET", "/icon.svg"): return Self.body(200, "image/svg+xml", WebPage.icon)
        case ("POST", _) where path.hasPrefix("/api/"): return post(request, endpoint: String(path.dropFirst("/api/".count)))
        case (_, "/"), (_, "/app.js"), (_, "/app.css"), (_, "/icon.svg"): return Self.methodNotAllowed("GET")
        default: return Self.text(404, "not found")
        }
    }

    private func post(_ request: HTTPServerRequest, endpoint: String) -> HTTPServerResponse {
        guard tokens.csrfMatches(request.headers[Self.csrfHeader]) else {
            return Self.text(403, "the CSRF token is missing or wrong; reload the page")
        }
        guard (request.headers["content-type"] ?? "").lowercased().hasPrefix("application/json") else {
            return Self.text(415, "send the body as application/json")
        }
        let arguments: JSONValue
        do {
            guard case .success(let text) = UTF8Input.decode(request.body, source: "the body") else { return Self.text(400, "the body is not UTF-8") }
            arguments = text.isEmpty ? .object([:]) : try JSONValue.parse(text)
        } catch {
            return Self.text(400, "the body is not JSON: \(error)")
        }
        guard let api = WebAPI.Endpoint(rawValue: endpoint) else { return Self.text(404, "no endpoint /api/\(endpoint)") }
        do {
            let result = try WebAPI(toolkit: toolkit, refine: refineOutsideTheLock).answer(api, arguments)
            return Self.body(200, "application/json", result.encoded())
        } catch let error as WebAPI.Refusal {
            return Self.text(error.status, error.message)
        } catch {
            return Self.text(400, "\(error)")
        }
    }

    /// Headers on every answer: the page loads nothing from elsewhere and runs no inline script,
    /// may not be framed, and is never cached.
    static let common: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"),
    ]

    static func body(_ status: Int, _ type: String, _ text: String) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: common + [("Content-Type", type)], body: Array(text.utf8))
    }

    static func text(_ status: Int, _ message: String) -> HTTPServerResponse {
        body(status, "text/plain; charset=utf-8", message + "\n")
    }

    static func methodNotAllowed(_ allowed: String) -> HTTPServerResponse {
        HTTPServerResponse(status: 405, headers: common + [("Allow", allowed), ("Content-Type", "text/plain; charset=utf-8")], body: Array("use \(allowed)\n".utf8))
    }
}
