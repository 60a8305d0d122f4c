import Foundation
import TaskCLI
import TaskCore

/// config.json's top-level object, read and parsed once per process for every setup that takes a
/// section of it (the model, attachments, planning, sync, reminders), and again only when the file
/// changed (its inode, size or modification time), so a running chat or `remind --watch` sees an
/// edit. Missing: no object and no problem. Unreadable, not JSON or not an object: `problem` says so, and each
/// setup uses its defaults (ModelSetup is where a broken config.json is reported).
enum ConfigFile {
    /// The file as the setups see it: its object, or why there is none.
    struct Loaded: Equatable {
        /// nil when the file is missing or broken.
        var object: [String: JSONValue]?
        /// Why it is broken, in a few words (`not valid JSON (…)`), or nil.
        var problem: String?
    }

    private struct Stamp: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: (stamp: Stamp, loaded: Loaded)] = [:]

    /// The object in `directory/config.json`, or nil when there is none or it is broken.
    static func object(in directory: String) -> [String: JSONValue]? { load(in: directory).object }

    /// `directory/config.json` parsed (once while it is unchanged).
    static func load(in directory: String) -> Loaded {
        let path = directory + "/config.json"
        var info = stat()
        guard stat(path, &info) == 0 else { return Loaded() }
        let stamp = Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                          seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[path], cached.stamp == stamp { return cached.loaded }
        let loaded = parse(FileManager.default.contents(atPath: path))
        cache[path] = (stamp, loaded)
        return loaded
    }

    private static func parse(_ data: Data?) -> Loaded {
        guard let data else { return Loaded(problem: "cannot be read; check its permissions") }
        let text = String(decoding: data, as: UTF8.self)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return Loaded(object: [:]) }
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            return Loaded(problem: "not valid JSON (\(error.reason) at byte \(error.offset))")
        }
        guard let object = value.objectValue else { return Loaded(problem: "must hold one JSON object") }
        return Loaded(object: object)
    }
}
