import Foundation
import Testing
import TaskHTTP
import TaskerTestSupport

/// The one libcurl wrapper as WebDAV uses it: any method, a body with a custom method, request and
/// response headers, Basic credentials, and transport failures as `HTTPError`.
struct HTTPClientTests {
    @Test func propfindSendsItsBodyHeadersAndCredentials() throws {
        let server = try ScriptedModelServer([.json(status: 207, body: "<multistatus/>", headers: ["ETag: \"abc\""])])
        defer { server.stop() }
        let request = HTTPRequest(
            method: "PROPFIND", url: "http://127.0.0.1:\(server.port)/dav/", headers: ["Depth: 0", "Content-Type: application/xml"],
            body: Data("<propfind/>".utf8), credentials: HTTPCredentials(username: "u", password: "p"))
        let response = try HTTPClient().perform(request, limits: HTTPLimits(seconds: 5))
        #expect(response.status == 207)
        #expect(response.header("ETag") == "\"abc\"")
        #expect(response.text == "<multistatus/>")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "PROPFIND")
        #expect(seen.path == "/dav/")
        #expect(seen.body == "<propfind/>")
        #expect(seen.headers["depth"] == "0")
        #expect(seen.headers["authorization"] == "Basic dTpw")
        #expect(seen.headers["expect"] == nil)
    }

    @Test func deleteAndPutCarryTheirPreconditions() throws {
        let server = try ScriptedModelServer([.json(status: 204, body: ""), .json(status: 412, body: "stale")])
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/c/x.ics"
        let deleted = try HTTPClient().perform(HTTPRequest(method: "DELETE", url: url, headers: ["If-Match: \"1\""]), limits: HTTPLimits(seconds: 5))
        #expect(deleted.status == 204)
        let put = try HTTPClient().perform(
            HTTPRequest(method: "PUT", url: url, headers: ["If-None-Match: *"], body: Data("BEGIN:VCALENDAR".utf8)), limits: HTTPLimits(seconds: 5))
        #expect(put.status == 412)
        let seen = server.requests
        #expect(seen.map(\.method) == ["DELETE", "PUT"])
        #expect(seen[0].headers["if-match"] == "\"1\"")
        #expect(seen[0].body.isEmpty)
        #expect(seen[1].headers["if-none-match"] == "*")
        #expect(seen[1].body == "BEGIN:VCALENDAR")
    }

    /// An upload read from a file as it is sent: every byte arrives, with its length, as a PUT (or
    /// the method asked); a file that cannot be read is one clear error and nothing is sent.
    @Test func aFileBodyIsStreamedWhole() throws {
        let directory = TemporaryDirectory("http-file-body")
        var random = SeededRandom(seed: 7)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let line = (0..<64).map { _ in alphabet[Int.random(in: 0..<36, using: &random)] }
        let text = (0..<50_000).map { "\($0) \(String(line.shuffled(using: &random)))\n" }.joined()  // ~3.6 MB
        let path = directory.path("object.bin")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let server = try ScriptedModelServer([.json(status: 200, body: ""), .json(status: 201, body: "")])
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/bucket/object"
        let put = try HTTPClient().perform(HTTPRequest(method: "PUT", url: url, headers: ["Content-Type: application/octet-stream"], bodyFile: path),
                                           limits: HTTPLimits(seconds: 20))
        #expect(put.status == 200)
        let posted = try HTTPClient().perform(HTTPRequest(method: "POST", url: url, bodyFile: path), limits: HTTPLimits(seconds: 20))
        #expect(posted.status == 201)
        let seen = server.requests
        #expect(seen.map(\.method) == ["PUT", "POST"])
        #expect(seen.allSatisfy { $0.body == text }, "the file arrived whole")
        #expect(seen.first?.headers["content-length"] == String(text.utf8.count))
        #expect(seen.first?.headers["expect"] == nil)
        #expect {
            _ = try HTTPClient().perform(HTTPRequest(method: "PUT", url: url, bodyFile: directory.path("missing.bin")), limits: HTTPLimits(seconds: 5))
        } throws: { error in
            "\(error)".contains("missing.bin") && server.requests.count == 2
        }
    }

    @Test func aClosedPortIsUnreachableAndASpentBudgetTimesOut() throws {
        let server = try ScriptedModelServer([])
        let url = "http://u:secret@127.0.0.1:\(server.port)/c/?q=1"
        server.stop()
        #expect {
            try HTTPClient().perform(HTTPRequest(url: url), limits: HTTPLimits(seconds: 5))
        } throws: { error in
            guard case HTTPError.unreachable(let site, _) = error else { return false }
            return !site.contains("secret") && !site.contains("q=1")
        }
        #expect(throws: HTTPError.timedOut(url: "http://127.0.0.1:1/", seconds: 3)) {
            try HTTPClient().perform(HTTPRequest(url: "http://127.0.0.1:1/"), limits: HTTPLimits(connect: 1, total: 0, budget: 3))
        }
    }
}
