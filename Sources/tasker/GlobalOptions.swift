import Foundation
import TaskCore

/// The options every command shares: database, clock and time zone.
struct GlobalOptions {
    var databasePath: String
    var fixedNow: Date?
    var timeZone: TimeZone
    var showHelp = false
    var showVersion = false
    var output: Output?

    /// Takes the global options out of `arguments` (anywhere before a `--`) and returns the rest.
    /// - Throws: `UsageError` for a missing value, an unknown zone or a clock that is not ISO 8601.
    static func parse(_ arguments: [String], environment: [String: String]) throws -> (GlobalOptions, [String]) {
        var db = environment["TASKER_DB"].flatMap { $0.isEmpty ? nil : $0 }
        var nowText = environment["TASKER_NOW"].flatMap { $0.isEmpty ? nil : $0 }
        let environmentZone = environment["TZ"].flatMap { $0.isEmpty ? nil : $0 }
        var zoneName: String?
        var help = false, version = false
        var rest: [String] = []
        var i = 0
        var passthrough = false
        func value(_ flag: String) throws -> String {
            guard i + 1 < arguments.count else { throw UsageError("\(flag) needs a value") }
            i += 1
            return arguments[i]
        }
        while i < arguments.count {
            let arg = arguments[i]
            if passthrough {
                rest.append(arg)
            } else if let eq = arg.firstIndex(of: "="), ["--db", "--now", "--tz"].contains(String(arg[..<eq])) {
                let v = String(arg[arg.index(after: eq)...])
                switch arg[..<eq] {
                case "--db": db = v
                case "--now": nowText = v
                default: zoneName = v
                }
            } else {
                switch arg {
                case "--db": db = try value(arg)
                case "--now": nowText = try value(arg)
                case "--tz": zoneName = try value(arg)
                case "--version": version = true
                case "--help", "-h": if rest.isEmpty { help = true } else { rest.append(arg) }
                case "--": passthrough = true; rest.append(arg)
                default: rest.append(arg)
                }
            }
            i += 1
        }
        var zone = TimeZone.current
        // TZ from the environment may be any POSIX form (UTC0, :/etc/localtime, CET-1CEST): use it when
        // it names a zone, else Foundation's own reading of it. --tz must name a zone.
        if zoneName == nil, let environmentZone {
            let name = environmentZone.hasPrefix(":") ? String(environmentZone.dropFirst()) : environmentZone
            zone = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) ?? .current
        }
        if let zoneName {
            let name = zoneName.hasPrefix(":") ? String(zoneName.dropFirst()) : zoneName
            guard let z = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) else {
                throw UsageError("unknown time zone '\(zoneName)'; use a name like Europe/London or UTC")
            }
            zone = z
        }
        var now: Date?
        if let nowText {
            guard let parsed = ISODate.parse(nowText, in: zone, defaultHour: 0) else {
                throw UsageError("--now '\(nowText)' is not ISO 8601; use e.g. 2026-12-02T10:30 or 2026-12-02T10:30:00+00:00")
            }
            now = parsed
        }
        let path = db ?? XDGPaths(environment: environment).dataHome + "/tasker/tasker.sqlite"
        return (GlobalOptions(databasePath: path, fixedNow: now, timeZone: zone, showHelp: help, showVersion: version), rest)
    }
}
