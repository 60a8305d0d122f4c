import Foundation
import Testing
import TaskCore
import TaskerTestSupport
@testable import tasker

/// config.json is read once for every setup, and again when it changes.
@Suite struct ConfigFileTests {
    @Test func readOnceAndAgainWhenTheFileChanges() throws {
        let directory = TemporaryDirectory("config-file")
        let folder = directory.url.path
        #expect(ConfigFile.config(in: folder).object.isEmpty && ConfigFile.config(in: folder).problems.isEmpty, "no file: no keys, no problem")
        let path = directory.path("config.json")
        try Data(#"{"remind_before_minutes": 5}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(ConfigFile.config(in: folder).object["remind_before_minutes"]?.intValue == 5)
        var info = stat()
        #expect(stat(path, &info) == 0)
        // Rewritten in place to the same size with its old modification time put back: the same
        // stamp, so the parsed object comes from memory (the file is not read again).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(#"{"remind_before_minutes": 6}"#.utf8))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(ConfigFile.config(in: folder).object["remind_before_minutes"]?.intValue == 5, "read once")
        // A new modification time: read again.
        times[1].tv_sec += 1
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(ConfigFile.config(in: folder).object["remind_before_minutes"]?.intValue == 6, "changed: read again")
        // Not JSON: no keys and one problem with the file, and a setup falls back to its defaults.
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(ConfigFile.config(in: folder).object.isEmpty)
        #expect(ConfigFile.config(in: folder).problems.map(\.kind) == [.file])
        #expect(ReminderConfig(configDirectory: folder).leadMinutes == 15)
    }
}
