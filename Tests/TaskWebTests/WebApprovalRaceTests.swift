import Foundation
import Testing
import TaskAgent
import TaskCore
import TaskHTTPServer
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskWeb

/// Two web pages (two doors, each its own connection and session) and the command line approve one
/// request at once, 200 times: the call runs once, one page says approved, the others get 409
/// "already decided (by …)".
@Suite struct WebApprovalRaceTests {
    static let zone = TimeZone(identifier: "Europe/London")!

    @Test func twoPagesAndTheCommandLineApproveOnceBetweenThem() throws {
        let base = try TestStore("web-race", now: ISODate.parse("2026-12-02T10:30:00+00:00", in: Self.zone)!, zone: Self.zone)
        let toolkit = TaskToolkit(store: base.store)
        let record = try Agents(base.store).addAgent(name: "racer", key: AgentKey.generate(), scopes: [.read, .writeTasks], expires: nil)
        let gate = AgentGate(toolkit: toolkit, agent: record)
        var pages: [Handed<(WebDoor, [String: String])>] = []
        for _ in 0..<2 {
            let door = WebDoor(toolkit: TaskToolkit(store: try base.reopen()))
            door.port = 4242
            let login = try #require(door.loginURL)
            let entered = door.handle(HTTPServerRequest(method: "GET", path: String(login.dropFirst("http://127.0.0.1:4242".count)),
                                                  headers: ["host": "127.0.0.1:4242"], body: []))
            let cookie = try #require(entered.headers.first { $0.0 == "Set-Cookie" }?.1.split(separator: ";").first).description
            let html = String(decoding: door.handle(HTTPServerRequest(method: "GET", path: "/", headers: ["host": "127.0.0.1:4242", "cookie": cookie], body: [])).body,
                              as: UTF8.self)
            let range = try #require(html.range(of: #"name="csrf-token" content="[0-9A-Za-z]+""#, options: .regularExpression))
            pages.append(Handed((door, ["host": "localhost:4242", "cookie": cookie, "x-tasker-csrf": String(html[range].split(separator: "\"")[3]),
                                        "content-type": "application/json", "origin": "http://localhost:4242"])))
        }
        let cli = Handed(ApprovalDesk(toolkit: TaskToolkit(store: try base.reopen()), door: "tasker approve"))
        let trials = 200
        var doubleRuns = 0, notOneWinner = 0, unclearLosers = 0
        for trial in 0..<trials {
            let title = "Web race \(trial)"
            let id = try #require(try gate.call("create_task", ["title": .string(title)])["approval_id"]?.stringValue)
            let body = Array(JSONValue.object(["id": .string(id)]).encoded().utf8)
            let answers = Outcomes<(won: Bool, loser: String?)>()
            var racers: [@Sendable () -> Void] = pages.enumerated().map { index, page in
                {
                    let response = page.value.0.handle(HTTPServerRequest(method: "POST", path: "/api/approve", headers: page.value.1, body: body))
                    let text = String(decoding: response.body, as: UTF8.self)
                    answers.set(index, response.status == 200 ? (text.contains(#""outcome":"approved""#), nil) : (false, text))
                }
            }
            racers.append {
                do {
                    if case .executed = try cli.value.approve(id) { answers.set(2, (true, nil)) } else { answers.set(2, (false, nil)) }
                } catch {
                    answers.set(2, (false, "\(error)"))
                }
            }
            simultaneously(racers)
            let tasks = try base.store.db.scalar("SELECT count(*) FROM tasks WHERE title = ?", [.text(title)]) ?? -1
            let approved = try base.store.receipts().filter { $0.approvalID == id && $0.decision == "approved" }.count
            if tasks != 1 || approved != 1 { doubleRuns += 1 }
            if (0..<3).filter({ answers[$0]?.won == true }).count != 1 { notOneWinner += 1 }
            if (0..<3).contains(where: { answers[$0]?.won == false && answers[$0]?.loser?.contains("already decided") != true }) { unclearLosers += 1 }
        }
        #expect(doubleRuns == 0, "\(doubleRuns) of \(trials) requests did not run exactly once")
        #expect(notOneWinner == 0, "\(notOneWinner) of \(trials) trials did not have exactly one winner")
        #expect(unclearLosers == 0, "\(unclearLosers) of \(trials) trials had a loser not told it was already decided")
    }
}
