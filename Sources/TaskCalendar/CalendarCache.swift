import Foundation
import TaskCore

/// Subscription calendars kept on disk (`$XDG_CACHE_HOME/tasker/calendars/`): the last body with its
/// `ETag`, `Last-Modified` and when it was fetched, so a fetch can be conditional and planning works offline.
public struct CalendarCache: Sendable {
    /// What is remembered of a URL.
    public struct Entry: Sendable, Hashable {
        public var etag: String?
        public var lastModified: String?
        public var fetched: Date
    }

    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The entry and body cached for `url`, if any.
    public func load(_ url: String) -> (entry: Entry, body: Data)? {
        let base = directory + "/" + Self.key(url)
        guard let meta = FileManager.default.contents(atPath: base + ".json"), let body = FileManager.default.contents(atPath: base + ".ics"),
            let object = (try? JSONValue.parse(String(decoding: meta, as: UTF8.self)))?.objectValue,
            let fetched = object["fetched"]?.stringValue.flatMap({ ISODate.parse($0, in: TimeZone(identifier: "UTC") ?? .current) })
        else { return nil }
        return (Entry(etag: object["etag"]?.stringValue, lastModified: object["last_modified"]?.stringValue, fetched: fetched), body)
    }

    /// Remembers `body` for `url` (best effort: a cache that cannot be written only costs a full fetch next time).
    public func store(_ url: String, entry: Entry, body: Data?) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let base = directory + "/" + Self.key(url)
        if let body { _ = FileManager.default.createFile(atPath: base + ".ics", contents: body, attributes: [.posixPermissions: 0o600]) }
        let meta: JSONValue = [
            "url": .string(url), "etag": .string(entry.etag), "last_modified": .string(entry.lastModified),
            "fetched": .string(ISODate.format(entry.fetched, in: TimeZone(identifier: "UTC") ?? .current)),
        ]
        _ = FileManager.default.createFile(atPath: base + ".json", contents: Data(meta.encoded().utf8), attributes: [.posixPermissions: 0o600])
    }

    /// A file name for `url`: FNV-1a 64 in hex (stable across runs, unlike `hashValue`).
    static func key(_ url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
