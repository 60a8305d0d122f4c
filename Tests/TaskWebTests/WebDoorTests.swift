import Foundation
import Testing
import TaskCore
import TaskHTTPServer
import TaskNL
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskWeb

/// The web door in process: the login exchange, the parser's drafts and chips, and the tool list
/// the page may call (the refusals over real HTTP are in WebEndToEndTests).
@Suite struct WebDoorTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    let base: TestStore
    var directory: TemporaryDirectory { base.directory }
    let door: WebDoor
    var store: TaskStore { base.store }

    init() throws {
        base = try TestStore("web-door", now: ISODate.parse("2026-12-02T10:30:00+00:00", in: Self.zone)!, zone: Self.zone)
        door = WebDoor(toolkit: TaskToolkit(store: base.store))
        door.port = 4242
    }

    /// The session cookie from the one-time login, and the page's CSRF token.
    func session(at door: WebDoor? = nil) throws -> (cookie: String, csrf: String) {
        let door = door ?? self.door
        let login = try #require(door.loginURL)
        let entered = door.handle(HTTPServerRequest(method: "GET", path: String(login.dropFirst("http://127.0.0.1:4242".count)),
                                              headers: ["host": "127.0.0.1:4242"], body: []))
        #expect(entered.status == 303)
        let cookie = try #require(entered.headers.first { $0.0 == "Set-Cookie" }?.1.split(separator: ";").first).description
        #expect(door.loginURL == nil, "the token is used up")
        let page = door.handle(HTTPServerRequest(method: "GET", path: "/", headers: ["host": "127.0.0.1:4242", "cookie": cookie], body: []))
        let html = String(decoding: page.body, as: UTF8.self)
        let range = try #require(html.range(of: #"name="csrf-token" content="[0-9A-Za-z]+""#, options: .regularExpression))
        return (cookie, String(html[range].split(separator: "\"")[3]))
    }

    func post(_ endpoint: String, _ body: JSONValue, _ session: (cookie: String, csrf: String)) -> HTTPServerResponse {
        door.handle(HTTPServerRequest(method: "POST", path: "/api/\(endpoint)",
                                headers: ["host": "localhost:4242", "cookie": session.cookie, "x-tasker-csrf": session.csrf,
                                          "content-type": "application/json", "origin": "http://localhost:4242"],
                                body: Array(body.encoded().utf8)))
    }

    /// The page names its own icon, served with the session like the script and style, so the
    /// browser's tab asks for nothing that answers 404.
    @Test func thePageNamesItsIconAndTheIconIsServed() throws {
        let session = try session()
        let html = String(decoding: door.handle(HTTPServerRequest(method: "GET", path: "/", headers: ["host": "127.0.0.1:4242", "cookie": session.cookie], body: [])).body, as: UTF8.self)
        #expect(html.contains(#"<link rel="icon" href="/icon.svg""#))
        let icon = door.handle(HTTPServerRequest(method: "GET", path: "/icon.svg", headers: ["host": "127.0.0.1:4242", "cookie": session.cookie], body: []))
        #expect(icon.status == 200)
        #expect(icon.headers.contains { $0.0 == "Content-Type" && $0.1 == "image/svg+xml" })
        #expect(String(decoding: icon.body, as: UTF8.self).hasPrefix("<svg"))
        let without = door.handle(HTTPServerRequest(method: "GET", path: "/icon.svg", headers: ["host": "127.0.0.1:4242"], body: []))
        #expect(without.status == 401, "no session, no icon either")
    }

    @Test func parseGivesTheChipsAndTheCreateArgumentsThatSaveTheDraft() throws {
        let session = try session()
        let parsed = post("parse", ["text": "call mom tomorrow 5pm #family !high"], session)
        #expect(parsed.status == 200)
        let answer = try JSONValue.parse(String(decoding: parsed.body, as: UTF8.self))
        let draft = try #require(answer["drafts"]?.arrayValue?.first)
        // The page shows the title as a chip before these four: five chips.
        #expect(draft["chips"]?.arrayValue?.compactMap { $0["text"]?.stringValue } == ["High", "#family", "Tomorrow, 5:00 PM", "Call"], "\(draft.encoded())")
        let create = try #require(draft["create"])
        #expect(create["priority"] == "high")
        #expect(create["contexts"] == ["family"])
        let saved = post("call", ["tool": "create_task", "arguments": create], session)
        let task = try JSONValue.parse(String(decoding: saved.body, as: UTF8.self))["task"]
        #expect(task?["due"] == "2026-12-03T17:00:00+00:00")
        #expect(task?["kind"] == "call")
    }

    @Test func aDictationGivesEachDraft() throws {
        let session = try session()
        let parsed = post("parse", ["text": "buy milk tonight; call bob friday"], session)
        let drafts = try JSONValue.parse(String(decoding: parsed.body, as: UTF8.self))["drafts"]?.arrayValue ?? []
        #expect(drafts.map { $0["create"]?["title"] } == ["Buy milk", "Call bob"])
        let blank = post("parse", ["text": "   "], session)
        #expect(try JSONValue.parse(String(decoding: blank.body, as: UTF8.self))["drafts"] == [], "nothing typed, no draft")
    }

    @Test func refineIsThereOnlyWithAModel() throws {
        let session = try session()
        #expect(post("refine", ["text": "buy milk"], session).status == 404, "no model: no refine")
        let page = door.handle(HTTPServerRequest(method: "GET", path: "/", headers: ["host": "127.0.0.1:4242", "cookie": session.cookie], body: []))
        #expect(String(decoding: page.body, as: UTF8.self).contains(#"name="tasker-refine" content="off""#))

        let parser = TaskNLParser()
        let now = store.clock()
        let modelDoor = WebDoor(toolkit: TaskToolkit(store: store)) { text in
            (parser.parseTasks(text + " tomorrow", now: now, timeZone: Self.zone), "refined")
        }
        modelDoor.port = 4242
        let modelSession = try self.session(at: modelDoor)
        let html = String(decoding: modelDoor.handle(HTTPServerRequest(method: "GET", path: "/", headers: ["host": "127.0.0.1:4242", "cookie": modelSession.cookie], body: [])).body,
                          as: UTF8.self)
        #expect(html.contains(#"name="tasker-refine" content="on""#))
        let refined = modelDoor.handle(HTTPServerRequest(method: "POST", path: "/api/refine",
                                                   headers: ["host": "127.0.0.1:4242", "cookie": modelSession.cookie, "x-tasker-csrf": modelSession.csrf,
                                                             "content-type": "application/json"], body: Array(#"{"text": "buy milk"}"#.utf8)))
        let answer = try JSONValue.parse(String(decoding: refined.body, as: UTF8.self))
        #expect(answer["notice"] == "refined")
        #expect(answer["drafts"]?.arrayValue?.first?["create"]?["due"] == "2026-12-03T09:00:00+00:00", "the refined draft, ready to save")
    }

    /// A model that takes its time holds no other request: while a refine waits for the model, the
    /// page's chips and lists are answered.
    @Test func aSlowRefineDoesNotHoldTheOtherRequests() throws {
        let modelCalled = DispatchSemaphore(value: 0), modelMayAnswer = DispatchSemaphore(value: 0)
        let slowDoor = WebDoor(toolkit: TaskToolkit(store: store)) { _ in
            modelCalled.signal()
            modelMayAnswer.wait()
            return ([], "slow")
        }
        slowDoor.port = 4242
        let session = try self.session(at: slowDoor)
        let headers = ["host": "127.0.0.1:4242", "cookie": session.cookie, "x-tasker-csrf": session.csrf, "content-type": "application/json"]
        let refined = Locked<HTTPServerResponse?>(nil)
        let refineDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            refined.set(slowDoor.handle(HTTPServerRequest(method: "POST", path: "/api/refine", headers: headers, body: Array(#"{"text": "buy milk"}"#.utf8))))
            refineDone.signal()
        }
        #expect(modelCalled.wait(timeout: .now() + 10) == .success, "the refine reached the model")
        let parsed = Locked<HTTPServerResponse?>(nil)
        let parseDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            parsed.set(slowDoor.handle(HTTPServerRequest(method: "POST", path: "/api/parse", headers: headers, body: Array(#"{"text": "call bob"}"#.utf8))))
            parseDone.signal()
        }
        let answeredInTime = parseDone.wait(timeout: .now() + 5) == .success
        modelMayAnswer.signal()
        if !answeredInTime { _ = parseDone.wait(timeout: .now() + 10) }
        #expect(answeredInTime, "answered while the model was still thinking")
        #expect(parsed.value?.status == 200)
        #expect(refineDone.wait(timeout: .now() + 10) == .success)
        #expect(refined.value?.status == 200)
    }

    /// A listed task's rule comes with its chip text, which the page shows instead of the wire form (`2fri`).
    @Test func aListedRepeatCarriesTheChipTextThePageShows() throws {
        let session = try session()
        let parsed = try JSONValue.parse(String(decoding: post("parse", ["text": "payday every 2nd and 4th friday"], session).body, as: UTF8.self))
        let create = try #require(parsed["drafts"]?.arrayValue?.first?["create"])
        #expect(post("call", ["tool": "create_task", "arguments": create], session).status == 200)
        let listed = try JSONValue.parse(String(decoding: post("call", ["tool": "list_tasks", "arguments": ["fields": ["all"]]], session).body, as: UTF8.self))
        let task = try #require(listed["tasks"]?.arrayValue?.first)
        #expect(task["recurrence"]?["weekdays"] == ["2fri", "4fri"])
        #expect(task["recurrence_text"] == "Every 2nd and 4th Fri")
        let script = String(decoding: door.handle(HTTPServerRequest(method: "GET", path: "/app.js", headers: ["host": "127.0.0.1:4242", "cookie": session.cookie], body: [])).body, as: UTF8.self)
        #expect(script.contains("recurrence_text"), "the page shows the server's text")
        #expect(!script.contains("weekdays.join"), "not the wire form")
    }

    @Test func thePageCallsOnlyItsOwnTools() throws {
        let session = try session()
        #expect(post("call", ["tool": "delete_task", "arguments": ["id": 1]], session).status == 403)
        #expect(post("call", ["tool": "export_tasks", "arguments": ["path": "x.json"]], session).status == 403)
        #expect(post("call", ["tool": "list_tasks", "arguments": ["filter": "today"]], session).status == 200)
        #expect(post("nothing", [:], session).status == 404)
    }
}

/// A value handed from a request's thread to the test's.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}
