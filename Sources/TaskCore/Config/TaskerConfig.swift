import Foundation

/// config.json's shape, declared once: every section and key with its type, default and a help line.
/// The readers (the model's, planning's, reminders', sync's and attachments' setups) take their keys
/// from the file; `problems(in:)` checks the whole file against this declaration for
/// `tasker config check`, `lines(for:)` is `tasker config show`, and `reference` is the README's
/// configuration reference (a test keeps the two equal).
public enum TaskerConfig {
    public static let sections: [ConfigSection] = [
        ConfigSection("Model", "The endpoint the chat and `parse --refine` talk to; no file means the OpenAI preset, off until a key is set.", keys: [
            ConfigKey("preset", .choice(["openai", "ollama", "llamacpp", "lmstudio", "vllm", "openrouter"]), default: "openai",
                      "a known endpoint: its base URL and default model"),
            ConfigKey("base_url", .url, default: "the preset's", "the endpoint (`…/v1`); wins over `preset`; on loopback it needs no key"),
            ConfigKey("model", .string, default: "the preset's", "the model name sent with each request"),
            ConfigKey("key_command", .argv, "a program printing the key, run without a shell, instead of the key file"),
            ConfigKey("timeout_seconds", .positive(atMost: 3_600), default: "60", "the longest a model request may take"),
            ConfigKey("first_token_seconds", .positive(atMost: 3_600), default: "20",
                      "how long the chat waits for a model's first words before offering the rules' reading"),
            ConfigKey("confirm", .choice(["writes", "all", "never"]), default: "writes", "which proposed tool calls the chat asks about"),
        ]),
        ConfigSection("Planning", "What `tasker plan` and `plan_day` place tasks around.", keys: [
            ConfigKey("calendars", .calendars, "calendars whose events are busy time: a file (`ics`, `~` and relative paths allowed) or an http(s) `url`"),
            ConfigKey("working_hours", .hours, default: "09:00-18:00", "the hours a plan fills"),
            ConfigKey("working_days", .weekdays, default: "every day", "the days a plan fills"),
        ]),
        ConfigSection("Reminders", "What `tasker remind` and the chat's prompt use.", keys: [
            ConfigKey("remind_before_minutes", .integer(0...10_080), default: "15", "the early warning before a due time; 0 turns it off"),
            ConfigKey("place_dwell_seconds", .number(0...3_600), default: "60",
                      "how long a position stays inside (or outside) a place before an arrive (or leave) reminder fires"),
        ]),
        ConfigSection("Sync", "CalDAV sync (`tasker sync`, and in the background in the chat and `tasker mcp`).", keys: [
            ConfigKey("sync", .section, "present: sync is on"),
            ConfigKey("sync.url", .url, required: true, "the CalDAV task list or account"),
            ConfigKey("sync.username", .string, "the account; without it no password is sent"),
            ConfigKey("sync.password_command", .argv, "a program printing the password, run without a shell"),
            ConfigKey("sync.password_file", .string, "a file (mode 0600) whose first line is the password"),
            ConfigKey("sync.interval_seconds", .number(0...Double.infinity), default: "300", "between background syncs; 0 turns them off"),
            ConfigKey("sync.send_sealed_notes", .bool, default: "false", "send sealed task notes (opened) to the server"),
        ]),
        ConfigSection("Attachments", "Files attached to tasks, kept beside the database.", keys: [
            ConfigKey("attachments", .section, "attachment settings"),
            ConfigKey("attachments.max_mib", .integer(1...1 << 20), default: "100", "the largest file attached, in MiB"),
            ConfigKey("attachments.encrypt", .bool, default: "false", "encrypt every new attachment with the data key"),
            ConfigKey("attachments.upload", .section, "present: each new attachment is also PUT to a URL the host signs"),
            ConfigKey("attachments.upload.sign_command", .argv, required: true, "a program printing the signed URL for an object"),
            ConfigKey("attachments.upload.timeout_seconds", .positive(atMost: 3_600), default: "30", "the longest one upload may take"),
        ]),
    ]

    /// Every key, in declaration order.
    public static let keys: [ConfigKey] = sections.flatMap(\.keys)

    /// The keys config.json may hold at its top level.
    public static let topLevelKeys: [String] = keys.filter { $0.parent.isEmpty }.map(\.path)

    /// The problems in config.json's text, one line each naming the key (`sync.url: expected a string`);
    /// empty when the file is usable as it is. Empty text is an empty object.
    public static func problems(inText text: String) -> [String] {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return [] }
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            return ["config.json: not valid JSON (\(error.reason) at byte \(error.offset))"]
        }
        guard let object = value.objectValue else { return ["config.json: must hold one JSON object"] }
        return problems(in: object)
    }

    /// The problems in config.json's object, in declaration order, then unknown keys.
    public static func problems(in object: [String: JSONValue]) -> [String] {
        var problems: [String] = []
        var sectionsGiven: Set<String> = [""]
        for key in keys {
            guard sectionsGiven.contains(key.parent) else { continue }
            let value = self.value(at: key.path, in: object)
            if let value, !value.isNull {
                if let problem = key.problem(with: value) {
                    problems.append("\(key.path): \(problem)")
                } else if case .section = key.kind {
                    sectionsGiven.insert(key.path)
                }
            } else if key.required {
                problems.append("\(key.path): missing; \(key.help)")
            }
        }
        for section in sectionsGiven.sorted() {
            let members = section.isEmpty ? object : (value(at: section, in: object)?.objectValue ?? [:])
            let known = keys.filter { $0.parent == section }.map(\.name)
            for name in members.keys.sorted() where !known.contains(name) {
                let path = section.isEmpty ? name : section + "." + name
                problems.append("\(path): unknown key; known here: \(known.joined(separator: ", "))")
            }
        }
        return problems
    }

    /// `tasker config show`: each key's effective value (`(default)` when the file does not give it),
    /// with key- and password-like values masked; keys of a section the file does not have are left out.
    public static func lines(for object: [String: JSONValue]) -> [String] {
        var lines: [String] = []
        for key in keys {
            if !key.parent.isEmpty, value(at: key.parent, in: object)?.objectValue == nil { continue }
            let value = self.value(at: key.path, in: object)
            if case .section = key.kind {
                if value?.objectValue == nil { lines.append("\(key.path): not set") }
                continue
            }
            if let value, !value.isNull {
                lines.append("\(key.path) = \(shown(value, of: key.name))")
            } else {
                lines.append("\(key.path) = " + (key.defaultText.isEmpty ? "(none)" : "\(key.defaultText) (default)"))
            }
        }
        return lines
    }

    /// The README's configuration reference: one table per section.
    public static var reference: String {
        sections.map { section in
            let rows = section.keys.map { key in
                let required = key.required ? " (required)" : ""
                return "| `\(key.path)` | \(key.kindText) | \(key.defaultText.isEmpty ? "—" : key.defaultText) | \(key.help)\(required) |"
            }
            return (["#### \(section.title)", "", section.help, "", "| key | type | default | what |", "|---|---|---|---|"] + rows)
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The value at a dotted path, or nil.
    static func value(at path: String, in object: [String: JSONValue]) -> JSONValue? {
        var current: JSONValue = .object(object)
        for part in path.split(separator: ".") {
            guard let next = current[String(part)] else { return nil }
            current = next
        }
        return current
    }

    /// A value as `config show` prints it: JSON, masked when the key names a key, password, token or
    /// secret, and without a URL's user and password.
    static func shown(_ value: JSONValue, of name: String) -> String {
        let lowered = name.lowercased()
        if ["key", "password", "token", "secret"].contains(where: lowered.contains) { return "(set, not shown)" }
        if let text = value.stringValue, var url = URLComponents(string: text), url.user != nil || url.password != nil {
            url.user = nil
            url.password = nil
            return JSONValue.string(url.string ?? "(set, not shown)").encoded()
        }
        return value.encoded()
    }
}
