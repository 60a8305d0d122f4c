import Foundation
import TaskCore

/// What each endpoint and model accepted, for the session and in a small cache file beside
/// config.json (`structured-output.json`), so the second request does not pay for finding it again:
/// the structured-output form of the ladder, and whether tool calls must be asked for without
/// streaming (a server that cannot stream with tools fails every stream before its first event).
///
/// The file is `{"<base URL>": {"<model>": {"form": "<form>", "tool_calls": "plain"}}}` (an older
/// `{"<base URL>": {"<model>": "<form>"}}` is read too). A missing, unreadable or malformed file is an
/// empty memory (it is a cache: the ladder finds the form again); writes are atomic and failures to
/// write are ignored for the same reason. Safe to share between threads.
public final class StructuredOutputMemory: @unchecked Sendable {
    /// The file name beside config.json.
    public static let fileName = "structured-output.json"

    public let path: String?
    private let lock = NSLock()
    private var entries: [String: [String: Entry]] = [:]

    /// What one model at one endpoint accepted.
    struct Entry: Equatable {
        var form: StructuredOutputForm?
        var plainToolCalls = false

        var json: JSONValue {
            var object: [String: JSONValue] = [:]
            if let form { object["form"] = .string(form.rawValue) }
            if plainToolCalls { object["tool_calls"] = "plain" }
            return .object(object)
        }

        init(form: StructuredOutputForm? = nil, plainToolCalls: Bool = false) {
            self.form = form
            self.plainToolCalls = plainToolCalls
        }

        init?(json: JSONValue) {
            if let old = json.stringValue {
                guard let form = StructuredOutputForm(rawValue: old) else { return nil }
                self.init(form: form)
            } else {
                self.init(form: json["form"]?.stringValue.flatMap(StructuredOutputForm.init(rawValue:)),
                          plainToolCalls: json["tool_calls"]?.stringValue == "plain")
            }
        }
    }

    /// A memory kept in `path` (read now); nil keeps it for this process only.
    public init(path: String?) {
        self.path = path
        guard let path, let data = FileManager.default.contents(atPath: path),
            let object = (try? JSONValue.parse(String(decoding: data, as: UTF8.self)))?.objectValue
        else { return }
        for (endpoint, models) in object {
            for (model, value) in models.objectValue ?? [:] {
                if let entry = Entry(json: value) { entries[endpoint, default: [:]][model] = entry }
            }
        }
    }

    /// The memory beside config.json in `configDirectory`.
    public convenience init(configDirectory: String) {
        self.init(path: configDirectory + "/" + Self.fileName)
    }

    /// The form `model` at `endpoint` accepted last, if known.
    public func form(endpoint: String, model: String) -> StructuredOutputForm? {
        lock.withLock { entries[Self.key(endpoint)]?[model]?.form }
    }

    /// Remembers `form` for `model` at `endpoint`, and writes the file when it changed.
    public func remember(_ form: StructuredOutputForm, endpoint: String, model: String) {
        update(endpoint: endpoint, model: model) { $0.form = form }
    }

    /// Whether `model` at `endpoint` is known to answer tool calls only without streaming.
    public func wantsPlainToolCalls(endpoint: String, model: String) -> Bool {
        lock.withLock { entries[Self.key(endpoint)]?[model]?.plainToolCalls ?? false }
    }

    /// Remembers that `model` at `endpoint` answers tool calls only without streaming.
    public func rememberPlainToolCalls(endpoint: String, model: String) {
        update(endpoint: endpoint, model: model) { $0.plainToolCalls = true }
    }

    private func update(endpoint: String, model: String, _ change: (inout Entry) -> Void) {
        let snapshot: JSONValue? = lock.withLock {
            var entry = entries[Self.key(endpoint)]?[model] ?? Entry()
            let before = entry
            change(&entry)
            guard entry != before else { return nil }
            entries[Self.key(endpoint), default: [:]][model] = entry
            return .object(entries.mapValues { .object($0.mapValues(\.json)) })
        }
        guard let snapshot, let path else { return }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data((snapshot.prettyEncoded() + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func key(_ endpoint: String) -> String {
        endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
    }
}
