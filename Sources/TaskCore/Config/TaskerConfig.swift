import Foundation

/// config.json's shape, declared once (every section and key with its type, default and a help line),
/// and a file read against it: its object, one list of problems (one per bad key), and each key's
/// typed value (`TaskerConfig+Values.swift`) for the readers (the model's, planning's, reminders',
/// sync's and attachments' setups). `problems` is `tasker config check`, `lines(for:)` is
/// `tasker config show`, and `document` is docs/CONFIG.md (a test keeps the two equal).
public struct TaskerConfig: Sendable {
    public static let sections: [ConfigSection] = [.model, .planning, .reminders, .sync, .attachments, .mcp]

    /// Every key, in declaration order.
    public static let keys: [ConfigKey] = sections.flatMap(\.keys)

    /// The keys config.json may hold at its top level.
    public static let topLevelKeys: [String] = keys.filter { $0.parent.isEmpty }.map(\.path)

    /// config.json's object; empty when the file is missing or broken.
    public let object: [String: JSONValue]
    /// What is wrong with the file, one per bad key in declaration order, then unknown keys; or the
    /// one problem of a file that is not a JSON object. Empty when it is usable as it is.
    public let problems: [Problem]
    /// The sections given as objects that fit, `""` (the top level) included: the keys read from.
    let sectionsGiven: Set<String>

    /// config.json's object checked against the declaration.
    public init(_ object: [String: JSONValue] = [:]) {
        self.object = object
        (problems, sectionsGiven) = Self.check(object)
    }

    /// config.json's text parsed and checked; empty text is an empty object.
    public init(text: String) {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            self.init()
            return
        }
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            self.init(fileProblem: "not valid JSON (\(error.reason) at byte \(error.offset))")
            return
        }
        guard let object = value.objectValue else {
            self.init(fileProblem: "must hold one JSON object")
            return
        }
        self.init(object)
    }

    /// A file that cannot be used at all (unreadable, not JSON, not an object): no object, one problem.
    public init(fileProblem reason: String) {
        object = [:]
        problems = [Problem(.file, path: "config.json", reason: reason)]
        sectionsGiven = [""]
    }

    /// The problems in config.json's text, one line each naming the key (`sync.url: expected a string`).
    public static func problems(inText text: String) -> [String] { TaskerConfig(text: text).problems.map(\.description) }

    /// The problems in config.json's object, one line each.
    public static func problems(in object: [String: JSONValue]) -> [String] { TaskerConfig(object).problems.map(\.description) }

    /// The object's problems, in declaration order, then unknown keys; and the sections it gives.
    private static func check(_ object: [String: JSONValue]) -> ([Problem], Set<String>) {
        var problems: [Problem] = []
        var sectionsGiven: Set<String> = [""]
        for key in keys {
            guard sectionsGiven.contains(key.parent) else { continue }
            let value = self.value(at: key.path, in: object)
            if let value, !value.isNull {
                if let problem = key.problem(with: value) {
                    problems.append(Problem(.badValue, path: key.path, reason: problem))
                } else if case .section = key.kind {
                    sectionsGiven.insert(key.path)
                }
            } else if key.required {
                problems.append(Problem(.missing, path: key.path, reason: "missing; \(key.help)"))
            }
        }
        for section in sectionsGiven.sorted() {
            let members = section.isEmpty ? object : (value(at: section, in: object)?.objectValue ?? [:])
            let known = keys.filter { $0.parent == section }.map(\.name)
            for name in members.keys.sorted() where !known.contains(name) {
                let path = section.isEmpty ? name : section + "." + name
                problems.append(Problem(.unknownKey, path: path, reason: "unknown key; known here: \(known.joined(separator: ", "))"))
            }
        }
        return (problems, sectionsGiven)
    }

    /// `tasker config show`: each key's effective value (`(default)` when the file does not give it),
    /// with the secret keys' values masked; keys of a section the file does not have are left out.
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
                lines.append("\(key.path) = \(shown(value, of: key))")
            } else {
                lines.append("\(key.path) = " + (key.defaultText.isEmpty ? "(none)" : "\(key.defaultText) (default)"))
            }
        }
        return lines
    }

    /// The configuration reference: one table per section.
    public static var reference: String {
        sections.map { section in
            let rows = section.keys.map { key in
                let required = key.required ? " (required)" : ""
                return "| `\(key.path)` | \(key.kindText) | \(key.defaultText.isEmpty ? "—" : key.defaultText) | \(key.help)\(required) |"
            }
            return (["## \(section.title)", "", section.help, "", "| key | type | default | what |", "|---|---|---|---|"] + rows)
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// docs/CONFIG.md: what the file is, how to check it, and the reference.
    public static var document: String {
        """
        # Configuration

        <!-- Generated from the declaration (Sources/TaskCore/Config/ConfigKey+Declared.swift); do not edit by hand.
             After changing it: TASKER_UPDATE_DOCS=1 swift test --filter ConfigReferenceTests -->

        `~/.config/tasker/config.json` (`$XDG_CONFIG_HOME/tasker`) holds one JSON object; every key is
        optional, and `null` counts as absent. `tasker config check` names each key the file gets wrong,
        one line each (`sync.url: expected a string`), and exits 2; `tasker config show` prints each key's
        effective value, the key and password commands and the password file masked. The model path is off while a model key,
        or a key it does not know, is wrong; other sections say what is wrong in one line and use their
        defaults (sync stops instead). A file over 1 MiB is refused by its size without being read (`… is
        314,572,800 bytes, over the 1 MiB a config.json may hold …`), as one that is not a JSON object is.

        \(reference)

        """
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

    /// A value as `config show` prints it: JSON, masked when the key is declared `secret`, and without a
    /// URL's user and password.
    static func shown(_ value: JSONValue, of key: ConfigKey) -> String {
        if key.secret { return "(set, not shown)" }
        if let text = value.stringValue, var url = URLComponents(string: text), url.user != nil || url.password != nil {
            url.user = nil
            url.password = nil
            return JSONValue.string(url.string ?? "(set, not shown)").encoded()
        }
        return value.encoded()
    }
}
