import Foundation
import Testing
import TaskCore
@testable import TaskCalendar
import TaskerTestSupport

/// Calendars as planning sees them: files, a subscription on 127.0.0.1 with 304 handling and an
/// offline cache, and unreadable calendars as one line each.
@Suite(.serialized) struct CalendarSetTests {
    let directory = TemporaryDirectory("calendars")
    let zone = TimeZone(identifier: "Europe/London")!
    var day: (Date, Date) {
        let d = LocalDate(year: 2026, month: 3, day: 10)
        return (d.startOfDay(in: zone), d.adding(days: 1).startOfDay(in: zone))
    }

    /// The same GET the command line uses, over the shared libcurl wrapper.
    typealias Fetcher = HTTPCalendarFetcher

    /// Fixtures/calendar-server/serve.py serving workday.ics; returns the process and its port.
    func startServer(log: String) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [FixtureFile.url("calendar-server/serve.py").path, FixtureFile.url("calendar/workday.ics").path, log]
        let out = Pipe()
        process.standardOutput = out
        // Not the test runner's own streams: a server left running must not hold them open.
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        return (process, try #require(Int(String(decoding: line, as: UTF8.self))))
    }

    /// SIGKILL: the runner may have the server start with SIGTERM ignored.
    func stop(_ server: Process) {
        guard server.isRunning else { return }
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    @Test func subscriptionIsFetchedThenConfirmedWith304ThenUsedOffline() throws {
        let log = directory.path + "/requests.jsonl"
        let (server, port) = try startServer(log: log)
        defer { stop(server) }
        let url = "http://127.0.0.1:\(port)/work.ics"
        let cache = CalendarCache(directory: directory.path + "/cache")
        func fresh() -> CalendarSet {
            CalendarSet(sources: [CalendarSource(name: "Work", location: .url(url))], cache: cache, fetcher: Fetcher(),
                        clock: { Date(timeIntervalSince1970: 1_773_132_000) })
        }
        let first = fresh().busy(from: day.0, to: day.1, timeZone: zone)
        #expect(first.problems.isEmpty)
        #expect(first.events.map(\.title) == ["Standup"])

        let second = fresh()
        #expect(second.busy(from: day.0, to: day.1, timeZone: zone) == first)
        let status = try #require(second.statuses().first)
        #expect(status.eventCount == 2)
        #expect(status.fetched == Date(timeIntervalSince1970: 1_773_132_000))
        #expect(status.offline == nil)

        let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(requests.count == 2)
        #expect(requests[0]["if_none_match"]?.isNull == true)
        #expect(requests[1]["if_none_match"]?.stringValue == "\"v1\"")
        #expect(requests[1]["if_modified_since"]?.stringValue == "Tue, 10 Mar 2026 08:00:00 GMT")

        stop(server)
        let offline = fresh()
        #expect(offline.busy(from: day.0, to: day.1, timeZone: zone) == first)
        #expect(offline.statuses().first?.offline != nil)
    }

    @Test func unreadableCalendarsAreOneLineEachAndTheRestStillCount() throws {
        let log = directory.path + "/requests.jsonl"
        let (server, port) = try startServer(log: log)
        defer { stop(server) }
        let set = CalendarSet(sources: [
            CalendarSource(name: "Work", location: .file(FixtureFile.url("calendar/workday.ics").path)),
            CalendarSource(name: "Gone", location: .file(directory.path + "/missing.ics")),
            CalendarSource(name: "Junk", location: .file(FixtureFile.url("calendar/not-a-calendar.ics").path)),
            CalendarSource(name: "Family", location: .url("http://127.0.0.1:\(port)/family.ics")),
        ], cache: CalendarCache(directory: directory.path + "/cache"), fetcher: Fetcher())
        let busy = set.busy(from: day.0, to: day.1, timeZone: zone)
        #expect(busy.events.map(\.title) == ["Standup"])
        #expect(busy.problems == [
            "calendar Gone could not be read: cannot read \(directory.path)/missing.ics (no such file); check the path in config.json's calendars; planning without it",
            "calendar Junk could not be read: Junk is not an iCalendar (.ics) file; export the calendar again as .ics; planning without it",
            "calendar Family could not be read: http://127.0.0.1:\(port)/family.ics answered HTTP 404 and nothing is cached; check the calendar's URL; planning without it",
        ])
        #expect(busy.problems.allSatisfy { !$0.contains("\n") })
    }
}
