/// config.json's six sections, declared once from the keys in `ConfigKey+Declared.swift`; each
/// reader takes the problems of its own section (`config.problems(in: .sync)`).
extension ConfigSection {
    public static let model = ConfigSection(
        "Model", "The endpoint the chat and `parse --refine` talk to; no file means the OpenAI preset, off until a key is set.",
        keys: [.preset, .baseURL, .model, .keyCommand, .timeoutSeconds, .firstTokenSeconds, .confirm])
    public static let planning = ConfigSection("Planning", "What `tasker plan` and `plan_day` place tasks around.",
                                               keys: [.calendars, .workingHours, .workingDays])
    public static let reminders = ConfigSection("Reminders", "What `tasker remind` and the chat's prompt use.",
                                                keys: [.remindBeforeMinutes, .placeDwellSeconds])
    public static let sync = ConfigSection(
        "Sync", "CalDAV sync (`tasker sync`, and in the background in the chat and `tasker mcp`).",
        keys: [.sync, .syncURL, .syncUsername, .syncPasswordCommand, .syncPasswordFile, .syncIntervalSeconds, .syncSendSealedNotes])
    public static let attachments = ConfigSection(
        "Attachments", "Files attached to tasks, kept beside the database.",
        keys: [.attachments, .attachmentsMaxMiB, .attachmentsEncrypt, .attachmentsUpload, .uploadSignCommand, .uploadTimeoutSeconds])
    public static let mcp = ConfigSection("MCP", "What `tasker mcp` offers a client (an agent sees, of these, only what its policy can run).", keys: [.mcpTools])
}
