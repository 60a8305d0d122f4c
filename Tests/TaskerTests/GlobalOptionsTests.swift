import Foundation
import TaskCore
import Testing
import TaskerTestSupport
import TaskCLI
@testable import tasker

/// The global options: from the command line first, then the environment, then the defaults.
@Suite struct GlobalOptionsTests {
    static let command = CommandSignature(name: "demo", summary: "", details: "")

    private func globals(_ arguments: [String], _ environment: [String: String] = [:]) throws -> GlobalOptions {
        try GlobalOptions(Self.command.parse(arguments, shared: GlobalOptions.all), environment: environment)
    }

    @Test func optionsWinOverTheEnvironment() throws {
        let environment = ["TASKER_DB": "/env.sqlite", "TASKER_NOW": "2020-01-01T00:00", "TZ": "Asia/Tokyo"]
        let options = try globals(["--db", "/flag.sqlite", "--now=2026-12-02T10:30", "--tz", "Europe/London"], environment)
        #expect(options.databasePath == "/flag.sqlite")
        #expect(options.timeZone.identifier == "Europe/London")
        #expect(options.fixedNow == ISODate.parse("2026-12-02T10:30:00+00:00", in: options.timeZone, defaultHour: 0))
    }

    @Test func theEnvironmentFillsIn() throws {
        let options = try globals([], ["TASKER_DB": "/env.sqlite", "TASKER_NOW": "2026-06-01T12:00", "TZ": "Europe/London"])
        #expect(options.databasePath == "/env.sqlite")
        #expect(options.timeZone.identifier == "Europe/London")
        #expect(options.fixedNow == ISODate.parse("2026-06-01T11:00:00+00:00", in: options.timeZone, defaultHour: 0), "no offset: wall-clock time in the zone")
    }

    @Test func defaults() throws {
        let options = try globals([], ["HOME": "/home/someone", "TASKER_DB": "", "TASKER_NOW": ""])
        #expect(options.databasePath == "/home/someone/.local/share/tasker/tasker.sqlite")
        #expect(options.fixedNow == nil)
        #expect(try globals([], ["XDG_DATA_HOME": "/data"]).databasePath == "/data/tasker/tasker.sqlite")
    }

    /// Without TZ or --tz the zone is the one /etc/localtime links to, read without TimeZone.current.
    @Test func theSystemZoneIsTheOneLocaltimeNames() throws {
        let directory = TemporaryDirectory("system-zone")
        let link = directory.path("localtime")
        #expect(symlink("/usr/share/zoneinfo/America/New_York", link) == 0)
        #expect(GlobalOptions.systemZone(localtime: link).identifier == "America/New_York")
        // A link into a zoneinfo tree that names no zone, or a plain file: Foundation decides.
        #expect(symlink("/nowhere/zoneinfo/Not/AZone", directory.path("odd")) == 0)
        #expect(GlobalOptions.systemZone(localtime: directory.path("odd")) == TimeZone.current)
        #expect(GlobalOptions.systemZone(localtime: directory.path("missing")) == TimeZone.current)
        if ProcessInfo.processInfo.environment["TZ"] == nil {
            #expect(try globals([]).timeZone.identifier == TimeZone.current.identifier)
        }
    }

    @Test(arguments: ["UTC0", ":/etc/localtime", "CET-1CEST", ":Europe/Paris"])
    func posixTZFromTheEnvironmentIsAccepted(tz: String) throws {
        _ = try globals([], ["TZ": tz])
    }

    @Test func aZoneTheOptionNamesMustExist() {
        #expect(throws: UsageError.self) { try globals(["--tz", "Mars/Olympus"]) }
        #expect(throws: UsageError.self) { try globals(["--now", "next tuesday"]) }
        #expect(throws: UsageError.self) { try globals([], ["TASKER_NOW": "soon"]) }
    }

    @Test func globalOptionsAreDeclaredOnceWithTheirEnvironment() {
        #expect(GlobalOptions.all.map(\.name) == ["--db", "--now", "--tz", "--help", "--version"])
        #expect(GlobalOptions.database.help.contains("TASKER_DB"))
        #expect(GlobalOptions.now.help.contains("TASKER_NOW"))
        #expect(GlobalOptions.zone.help.contains("env TZ"))
    }
}
