import Foundation
import TaskCore

/// config.json's `remind_before_minutes` (the early warning, default 15; 0 turns it off), read in
/// one place for `tasker remind` and the chat's prompt. A bad value is one problem line and the default.
struct ReminderConfig {
    let leadMinutes: Int
    let problem: String?

    init(configDirectory: String) {
        var lead = ReminderSchedule.defaultLeadMinutes
        var problem: String?
        if let data = FileManager.default.contents(atPath: configDirectory + "/config.json"),
            let object = (try? JSONValue.parse(String(decoding: data, as: UTF8.self)))?.objectValue,
            let value = object["remind_before_minutes"], !value.isNull
        {
            if let minutes = value.intValue, (0...10_080).contains(minutes) {
                lead = minutes
            } else {
                problem = "config.json: remind_before_minutes must be 0–10080 minutes; using \(lead)"
            }
        }
        leadMinutes = lead
        self.problem = problem
    }

    func schedule(in timeZone: TimeZone) -> ReminderSchedule { ReminderSchedule(leadMinutes: leadMinutes, timeZone: timeZone) }
}
