import Foundation
import TaskCore

/// Which structured-output form each endpoint and model accepted, for the session and in a small
/// cache file beside config.json (`structured-output.json`), so the second request does not pay for
/// the ladder.
///
/// The file is `{"<base URL>": {"<model>": "<form>"}}`. A missing, unreadable or malformed file is an
/// empty memory (it is a cache: the ladder finds the form again); writes are atomic and failures to
/// write are ignored for the same reason. Safe to share between threads.
public final class StructuredOutputMemory: @unchecked Sendable {
    /// The file name beside config.json.
    public static let fileName = "structured-output.json"

    public let path: String?
    private let lock = NSLock()
    private var entries: [String: [String: StructuredOutputForm]] = [:]

    /// A memory kept in `path` (read now); nil keeps it for this process only.
    public init(path: String?) {
        self.path = path
        guard let path, let data = FileManager.default.contents(atPath: path),
            let object = (try? JSONValue.parse(String(decoding: data, as: UTF8.self)))?.objectValue
        else { return }
        for (endpoint, models) in object {
            for (model, form) in models.objectValue ?? [:] {
                if let form = form.stringValue.flatMap(StructuredOutputForm.init(rawValue:)) { entries[endpoint, default: [:]][model] = form }
            }
        }
    }

    /// The memory beside config.json in `configDirectory`.
    public convenience init(configDirectory: String) {
        self.init(path: configDirectory + "/" + Self.fileName)
    }

    /// The form `model` at `endpoint` accepted last, if known.
    public func form(endpoint: String, model: String) -> StructuredOutputForm? {
        lock.withLock { entries[Self.key(endpoint)]?[model] }
    }

    /// Remembers `form` for `model` at `endpoint`, and writes the file when it changed.
    public func remember(_ form: StructuredOutputForm, endpoint: String, model: String) {
        let snapshot: JSONValue? = lock.withLock {
            guard entries[Self.key(endpoint)]?[model] != form else { return nil }
            entries[Self.key(endpoint), default: [:]][model] = form
            return .object(entries.mapValues { .object($0.mapValues { .string($0.rawValue) }) })
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
