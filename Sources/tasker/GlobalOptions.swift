import Foundation
import TaskCLI
import TaskCore

/// The options every command shares: database, clock and time zone, plus help and version.
///
/// They are declared here once (`all`) and read by each command's signature wherever they appear
/// before a `--`: `tasker --db x call …` and `tasker call … --db x` are the same.
struct GlobalOptions {
    static let database = OptionSpec.value("--db", "PATH", "the database (env TASKER_DB; default $XDG_DATA_HOME/tasker/tasker.sqlite)")
    static let now = OptionSpec.value("--now", "ISO8601", "fix the clock, for tests and demos (env TASKER_NOW); no offset means local time")
    static let zone = OptionSpec.value("--tz", "ZONE", "the time zone, e.g. Europe/London (env TZ)")
    static let help = OptionSpec.flag("--help", short: "-h", "help for tasker or for a command (tasker CMD --help)", answersAlone: true)
    static let version = OptionSpec.flag("--version", "print the version", answersAlone: true)
    static let all = [database, now, zone, help, version]

    var databasePath: String
    var fixedNow: Date?
    var timeZone: TimeZone

    /// The options from a parsed command line, with the environment's `TASKER_DB`, `TASKER_NOW`
    /// and `TZ` where an option is not given.
    /// - Throws: `UsageError` for an unknown zone or a clock that is not ISO 8601.
    init(_ parsed: ParsedArguments, environment: [String: String]) throws {
        func nonEmpty(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        let zone: TimeZone
        // TZ from the environment may be any POSIX form (UTC0, :/etc/localtime, CET-1CEST): use it when
        // it names a zone, else Foundation's own reading of it. --tz must name a zone.
        if let zoneName = parsed.value(Self.zone) {
            guard let named = Self.zone(named: zoneName) else {
                throw UsageError("unknown time zone '\(zoneName)'; use a name like Europe/London or UTC")
            }
            zone = named
        } else if let environmentZone = nonEmpty("TZ") {
            zone = Self.zone(named: environmentZone) ?? .current
        } else {
            zone = Self.systemZone()
        }
        if let nowText = parsed.value(Self.now) ?? nonEmpty("TASKER_NOW") {
            guard let parsed = ISODate.parse(nowText, in: zone, defaultHour: 0) else {
                throw UsageError("--now '\(nowText)' is not ISO 8601; use e.g. 2026-12-02T10:30 or 2026-12-02T10:30:00+00:00")
            }
            fixedNow = parsed
        }
        databasePath = parsed.value(Self.database) ?? nonEmpty("TASKER_DB") ?? XDGPaths(environment: environment).dataHome + "/tasker/tasker.sqlite"
        timeZone = zone
    }

    /// The system's zone when TZ is not set: the name /etc/localtime links to, as Foundation reads
    /// it, without `TimeZone.current`, which first copies the whole environment through ProcessInfo
    /// to look for TZ (a tenth of a `call list_tasks`). Anything else: `TimeZone.current`.
    static func systemZone(localtime: String = "/etc/localtime") -> TimeZone {
        var target = [CChar](repeating: 0, count: 4_096)
        let length = readlink(localtime, &target, target.count - 1)
        if length > 0 {
            let path = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let range = path.range(of: "zoneinfo/"), let zone = TimeZone(identifier: String(path[range.upperBound...])) {
                return zone
            }
        }
        return .current
    }

    /// A zone by identifier or abbreviation, with POSIX's leading `:` dropped.
    private static func zone(named name: String) -> TimeZone? {
        let bare = name.hasPrefix(":") ? String(name.dropFirst()) : name
        return TimeZone(identifier: bare) ?? TimeZone(abbreviation: bare)
    }
}
