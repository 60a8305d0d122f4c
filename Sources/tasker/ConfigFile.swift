import Foundation
import TaskCore

/// config.json's top-level object for the setups that each take a section of it (attachments,
/// planning, sync, reminders): read and parsed once per process, and again only when the file
/// changed (its inode, size or modification time), so a running chat or `remind --watch` sees an
/// edit. Missing, unreadable or not a JSON object: nil, and each setup uses its defaults (ModelSetup,
/// which reads the file for the model, is where a broken config.json is reported).
enum ConfigFile {
    private struct Stamp: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: (stamp: Stamp, object: [String: JSONValue]?)] = [:]

    /// The object in `directory/config.json`, or nil.
    static func object(in directory: String) -> [String: JSONValue]? {
        let path = directory + "/config.json"
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let stamp = Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                          seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[path], cached.stamp == stamp { return cached.object }
        let object = FileManager.default.contents(atPath: path).flatMap { (try? JSONValue.parse(String(decoding: $0, as: UTF8.self)))?.objectValue }
        cache[path] = (stamp, object)
        return object
    }
}
