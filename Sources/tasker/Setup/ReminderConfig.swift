import Foundation
import TaskCLI
import TaskCore

/// config.json's `remind_before_minutes` (the early warning, default 15; 0 turns it off), read in
/// one place for `tasker remind` and the chat's prompt. A bad value is one problem line and the default.
struct ReminderConfig {
    let leadMinutes: Int
    /// `place_dwell_seconds`: how long a position must stay inside (or outside) a place before an
    /// arrive (or leave) reminder fires (default 60, 0–3600).
    let placeDwellSeconds: TimeInterval
    let problem: String?

    init(configDirectory: String) {
        var lead = ReminderSchedule.defaultLeadMinutes
        var dwell = Geofence.defaultDwell
        var problems: [String] = []
        let object = ConfigFile.object(in: configDirectory)
        if let value = object?["remind_before_minutes"], !value.isNull {
            if let minutes = value.intValue, (0...10_080).contains(minutes) {
                lead = minutes
            } else {
                problems.append("config.json: remind_before_minutes must be 0–10080 minutes; using \(lead)")
            }
        }
        if let value = object?["place_dwell_seconds"], !value.isNull {
            if let seconds = value.doubleValue, (0...3_600).contains(seconds) {
                dwell = seconds
            } else {
                problems.append("config.json: place_dwell_seconds must be 0–3600 seconds; using \(Int(dwell))")
            }
        }
        let problem: String? = problems.isEmpty ? nil : problems.joined(separator: "; ")
        leadMinutes = lead
        placeDwellSeconds = dwell
        self.problem = problem
    }

    func schedule(in timeZone: TimeZone) -> ReminderSchedule { ReminderSchedule(leadMinutes: leadMinutes, timeZone: timeZone) }
}
