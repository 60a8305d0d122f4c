import Foundation
import Testing
import TaskCore
@testable import TaskREPL

/// The prompt says how many reminders are due ("3 reminders due · tasker> ").
@Suite struct ReminderPromptTests {
    @Test func promptCountsDueReminders() throws {
        let h = try REPLHarness()
        try h.add("Pay rent", due: "2026-12-02T10:30")
        try h.add("Call mom", due: "2026-12-02T10:40")  // its early warning (10:25) has come
        try h.add("Water plants", due: "2026-12-02T09:00")
        try h.add("Later", due: "2026-12-02T18:00")
        let reader = ScriptedLineReader(["done water plants"])
        let (session, _) = h.session(reader)
        session.settings.reminders = ReminderSchedule(timeZone: london)
        session.run()
        #expect(reader.prompts.first == "3 reminders due · tasker> ", "\(reader.prompts)")
        #expect(reader.prompts.dropFirst().first == "2 reminders due · tasker> ", "completing one lowers the count: \(reader.prompts)")
    }

    @Test func noScheduleNoCount() throws {
        let h = try REPLHarness()
        try h.add("Pay rent", due: "2026-12-02T10:30")
        let reader = ScriptedLineReader([])
        let (session, _) = h.session(reader)
        session.run()
        #expect(reader.prompts == ["tasker> "])
    }
}
