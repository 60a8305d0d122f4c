import Foundation
import TaskCLI
import TaskCore

/// config.json's `remind_before_minutes` (the early warning, default 15; 0 turns it off), read in
/// one place for `tasker remind` and the chat's prompt from the declaration's typed values
/// (`TaskerConfig`). A bad value is the declaration's problem line and the default.
struct ReminderConfig {
    let leadMinutes: Int
    /// `place_dwell_seconds`: how long a position must stay inside (or outside) a place before an
    /// arrive (or leave) reminder fires (default 60, 0–3600).
    let placeDwellSeconds: TimeInterval
    let problem: String?

    init(configDirectory: String) {
        let config = ConfigFile.config(in: configDirectory)
        leadMinutes = config.integer(.remindBeforeMinutes) ?? ReminderSchedule.defaultLeadMinutes
        placeDwellSeconds = config.number(.placeDwellSeconds) ?? Geofence.defaultDwell
        let problems = [
            config.refusal(.remindBeforeMinutes, instead: "using \(ReminderSchedule.defaultLeadMinutes)"),
            config.refusal(.placeDwellSeconds, instead: "using \(Int(Geofence.defaultDwell))"),
        ].compactMap { $0 }
        problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    func schedule(in timeZone: TimeZone) -> ReminderSchedule { ReminderSchedule(leadMinutes: leadMinutes, timeZone: timeZone) }
}
