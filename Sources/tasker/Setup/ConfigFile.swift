import Foundation
import TaskCLI
import TaskCore

/// config.json, read, parsed and checked against its declaration (`TaskerConfig`) once per process for
/// every setup that takes a section of it (the model, attachments, planning, sync, reminders), and
/// again only when the file changed (its inode, size or modification time), so a running chat or
/// `remind --watch` sees an edit. Missing: no keys and no problem. Unreadable, over 1 MiB (refused by
/// its size, unread), not JSON or not an object: a problem of kind `.file` says so, and each setup uses its defaults (ModelSetup is where a
/// broken config.json is reported).
enum ConfigFile {
    private struct Stamp: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: (stamp: Stamp, config: TaskerConfig)] = [:]

    /// `directory/config.json` checked against the declaration, with each key's typed value (once
    /// while it is unchanged); no file is an empty object. A file that cannot be read, is not JSON or
    /// is not an object is an empty object with one problem of kind `.file`.
    static func config(in directory: String) -> TaskerConfig {
        let path = directory + "/config.json"
        var info = stat()
        guard stat(path, &info) == 0 else { return TaskerConfig() }
        let stamp = Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                          seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[path], cached.stamp == stamp { return cached.config }
        let config = TaskerConfig(file: path)
        cache[path] = (stamp, config)
        return config
    }
}
