/// Every key of config.json, declared once; `TaskerConfig.sections` lists them and the readers take
/// their typed values by these names (`config.number(.timeoutSeconds)`).
extension ConfigKey {
    // The model.
    public static let preset = ConfigKey("preset", .choice(["openai", "ollama", "llamacpp", "lmstudio", "vllm", "openrouter"]),
                                         default: "openai", "a known endpoint: its base URL and default model")
    public static let baseURL = ConfigKey("base_url", .url, default: "the preset's", "the endpoint (`…/v1`); wins over `preset`; on loopback it needs no key")
    public static let model = ConfigKey("model", .string, default: "the preset's", "the model name sent with each request")
    public static let keyCommand = ConfigKey("key_command", .argv, secret: true, "a program printing the key, run without a shell, instead of the key file")
    public static let timeoutSeconds = ConfigKey("timeout_seconds", .positive(atMost: 3_600), default: "60", "the longest a model request may take")
    public static let firstTokenSeconds = ConfigKey("first_token_seconds", .positive(atMost: 3_600), default: "20",
                                                    "how long the chat waits for a model's first words before offering the rules' reading")
    public static let confirm = ConfigKey("confirm", .choice(["writes", "all", "never"]), default: "writes", "which proposed tool calls the chat asks about")

    // Planning.
    public static let calendars = ConfigKey("calendars", .calendars,
                                            "calendars whose events are busy time: a file (`ics`, `~` and relative paths allowed) or an http(s) `url`")
    public static let workingHours = ConfigKey("working_hours", .hours, default: "09:00-18:00", "the hours a plan fills")
    public static let workingDays = ConfigKey("working_days", .weekdays, default: "every day", "the days a plan fills")

    // Reminders.
    public static let remindBeforeMinutes = ConfigKey("remind_before_minutes", .integer(0...10_080), default: "15",
                                                      "the early warning before a due time; 0 turns it off")
    public static let placeDwellSeconds = ConfigKey("place_dwell_seconds", .number(0...3_600), default: "60",
                                                    "how long a position stays inside (or outside) a place before an arrive (or leave) reminder fires")

    // Sync.
    public static let sync = ConfigKey("sync", .section, "present: sync is on")
    public static let syncURL = ConfigKey("sync.url", .url, required: true, "the CalDAV task list or account")
    public static let syncUsername = ConfigKey("sync.username", .string, "the account; without it no password is sent")
    public static let syncPasswordCommand = ConfigKey("sync.password_command", .argv, secret: true, "a program printing the password, run without a shell")
    public static let syncPasswordFile = ConfigKey("sync.password_file", .string, secret: true, "a file (mode 0600) whose first line is the password")
    public static let syncIntervalSeconds = ConfigKey("sync.interval_seconds", .number(0...Double.infinity), default: "300",
                                                      "between background syncs; 0 turns them off")
    public static let syncSendSealedNotes = ConfigKey("sync.send_sealed_notes", .bool, default: "false", "send sealed task notes (opened) to the server")

    // Attachments.
    public static let attachments = ConfigKey("attachments", .section, "attachment settings")
    public static let attachmentsMaxMiB = ConfigKey("attachments.max_mib", .integer(1...1 << 20), default: "100", "the largest file attached, in MiB")
    public static let attachmentsEncrypt = ConfigKey("attachments.encrypt", .bool, default: "false", "encrypt every new attachment with the data key")
    public static let attachmentsUpload = ConfigKey("attachments.upload", .section, "present: each new attachment is also PUT to a URL the host signs")
    public static let uploadSignCommand = ConfigKey("attachments.upload.sign_command", .argv, required: true,
                                                    "a program printing the signed URL for an object")
    public static let uploadTimeoutSeconds = ConfigKey("attachments.upload.timeout_seconds", .positive(atMost: 3_600), default: "30",
                                                       "the longest one upload may take")

    // The MCP server.
    public static let mcpTools = ConfigKey("mcp_tools", .string, default: "all",
                                           "the tools `tasker mcp` offers: tool names, scopes (read, write:tasks, write:pages, destructive), capture or all, comma-separated; `--tools` wins")
}
