import Foundation
import Testing
import TaskerTestSupport

/// `tasker review` and `tasker streaks` through the real binary: a person's text and a script's JSON.
@Suite struct PracticeCommandTests {
    let directory = TemporaryDirectory("practice")
    var db: String { directory.path("tasks.sqlite") }
    let clock = ["TASKER_NOW": "2026-12-02T10:30", "TZ": "Europe/London"]

    func tasker(_ arguments: [String]) throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db] + arguments, environment: clock)
    }

    @Test func reviewShowsTheSectionsAndItsJSONIsTheTools() throws {
        _ = try tasker(["call", "create_task", #"{"title": "Pay rent", "due": "2026-11-30"}"#])
        _ = try tasker(["call", "create_task", #"{"title": "Call plumber"}"#])
        let text = try tasker(["review"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Slipped (1)\n  #1  Pay rent  2 days overdue"))
        #expect(text.stdout.contains("Inbox (1)\n  #2  Call plumber"))
        let json = try tasker(["review", "--json"])
        let call = try tasker(["call", "review", "{}"])
        #expect(json.stdout == call.stdout, "the same result as tasker call review")
        #expect(json.stdout.contains(#""slipped":{"count":1"#))
        let bad = try tasker(["review", "--from", "flurb"])
        #expect(bad.status == 2 && bad.stderr.contains("'flurb'") && bad.stdout.isEmpty)
    }

    @Test func streaksCountDaysAndRefuseABadDayStart() throws {
        _ = try tasker(["call", "create_task", #"{"title": "Stretch", "contexts": ["health"]}"#])
        _ = try tasker(["call", "complete_task", #"{"title": "stretch"}"#])
        let text = try tasker(["streaks"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("#health  1 day · best 1"))
        #expect(try tasker(["streaks", "--json"]).stdout.contains(#""contexts":[{"current":1,"#))
        let bad = try tasker(["streaks", "--day-start", "25:00"])
        #expect(bad.status == 2 && bad.stderr.contains("HH:MM"))
    }
}
