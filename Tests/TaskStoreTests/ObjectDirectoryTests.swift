import Foundation
import Testing
@testable import TaskStore

/// `ObjectStore.directory(forDatabase:)` splits plain absolute paths itself: the same answer `URL` gives.
@Suite struct ObjectDirectoryTests {
    static func viaURL(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        return url.deletingLastPathComponent().path + "/" + (name == "tasker.sqlite" ? "objects" : name + ".objects")
    }

    @Test func plainAndOddPathsAnswerAsURLDoes() {
        let paths = [
            "/home/me/.local/share/tasker/tasker.sqlite", "/tmp/x/tasks.sqlite", "/a/b", "/data.db", "/a b/c d.sqlite",
            "/ü/日本/ta%20sks.sqlite", "/a/.hidden", "/a/..b/c..", "/a/b.", "/a/tasker.sqlite.bak", "/a/TASKER.sqlite",
            // Not plain: left to URL.
            "tasks.sqlite", "./tasks.sqlite", "/a//b", "/a/./b", "/a/../b", "/a/b/", "/", "/a/.", "/a/..", "rel/dir/x.db",
        ]
        for path in paths {
            #expect(ObjectStore.directory(forDatabase: path) == Self.viaURL(path), "\(path)")
        }
        #expect(ObjectStore.plainSplit("/a/b/c.db")! == ("/a/b", "c.db"))
        #expect(ObjectStore.plainSplit("/a/../b") == nil && ObjectStore.plainSplit("x") == nil)
    }
}
