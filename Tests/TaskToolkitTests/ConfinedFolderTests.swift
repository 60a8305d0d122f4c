import Foundation
import Testing
import TaskCore
import TaskerTestSupport
@testable import TaskToolkit
#if canImport(Glibc)
import Glibc
#endif

/// `ConfinedFolder` against hostile names: what an agent names is a file inside its folder or a
/// one-line refusal that never shows the folder's host path.
@Suite struct ConfinedFolderTests {
    let directory = TemporaryDirectory("confined")
    var root: String { directory.path("agents/bot/files") }
    var folder: ConfinedFolder { ConfinedFolder(path: root) }
    var outside: String { directory.path("secret.txt") }

    init() throws {
        try "secret\n".write(toFile: directory.path("secret.txt"), atomically: false, encoding: .utf8)
        _ = try? ConfinedFolder(path: directory.path("agents/bot/files")).newFile("probe")   // makes the folder
    }

    /// The refusal for reading `name`, or nil when it opened.
    func readRefusal(_ name: String) -> String? {
        do {
            let fd = try folder.openForReading(name)
            close(fd)
            return nil
        } catch let refusal as ConfinedFolder.Refusal {
            return refusal.description
        } catch {
            return "\(error)"
        }
    }

    func writeRefusal(_ name: String) -> String? {
        do {
            _ = try folder.newFile(name)
            return nil
        } catch let refusal as ConfinedFolder.Refusal {
            return refusal.description
        } catch {
            return "\(error)"
        }
    }

    static let hostile: [(name: String, words: String)] = [
        ("/etc/passwd", "host path"),
        ("~/.bashrc", "host path"),
        ("../secret.txt", "'..'"),
        ("../../../../secret.txt", "'..'"),
        ("in/../../secret.txt", "'..'"),
        ("./notes.txt", "'.'"),
        ("", "empty"),
        ("a//b.txt", "empty part"),
        ("in/", "empty part"),
        ("notes\u{0}.txt", "NUL"),
        ("notes\n.txt", "control character"),
        (String(repeating: "a", count: 256), "more than 255"),
        (String(repeating: "abcdefgh/", count: 120) + "x", "more than 1024"),
    ]

    @Test(arguments: hostile)
    func lexicallyHostileNamesAreRefusedBothWays(_ hostile: (name: String, words: String)) {
        for refusal in [readRefusal(hostile.name), writeRefusal(hostile.name)] {
            let line = refusal ?? "accepted"
            #expect(line.contains(hostile.words), "\(hostile.name.debugDescription): \(line)")
            #expect(!line.contains("\n") && !line.contains(directory.path), "\(line)")
        }
    }

    @Test func linksFIFOsFoldersAndMissingFilesAreRefused() throws {
        #expect(symlink(outside, root + "/link.txt") == 0)
        #expect(symlink(root + "/inside.txt", root + "/inner-link.txt") == 0)
        #expect(symlink(directory.path, root + "/up") == 0)
        #expect(mkfifo(root + "/pipe", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: root + "/in/deeper", withIntermediateDirectories: true)
        try "inside\n".write(toFile: root + "/inside.txt", atomically: false, encoding: .utf8)
        let cases: [(String, String)] = [
            ("link.txt", "symbolic link"), ("inner-link.txt", "symbolic link"), ("up/secret.txt", "symbolic link"),
            ("pipe", "not a regular file"), ("in", "is a folder"), ("missing.txt", "no file"), ("nowhere/x.txt", "no folder"),
            ("inside.txt/x", "not a folder"),
        ]
        for (name, words) in cases {
            let line = readRefusal(name) ?? "accepted"
            #expect(line.contains(words), "\(name): \(line)")
            #expect(!line.contains(directory.path), "\(line)")
        }
        #expect(writeRefusal("up/new.txt")?.contains("symbolic link") == true)
        #expect(writeRefusal("link.txt")?.contains("already exists") == true, "a link's name is taken, never written through")
        #expect(writeRefusal("inside.txt")?.contains("already exists") == true)
        #expect(writeRefusal("nowhere/x.txt")?.contains("no folder") == true)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "secret\n")
    }

    @Test func plainAndNestedNamesWork() throws {
        try FileManager.default.createDirectory(atPath: root + "/in/deeper", withIntermediateDirectories: true)
        try "nested\n".write(toFile: root + "/in/deeper/n.txt", atomically: false, encoding: .utf8)
        #expect(readRefusal("in/deeper/n.txt") == nil)
        let file = try folder.newFile("in/deeper/out.txt")
        #expect(file.shown == "in/deeper/out.txt" && file.ownerOnly && !file.replacing)
        try file.write(Array("x".utf8))
        var info = stat()
        #expect(lstat(root + "/in/deeper/out.txt", &info) == 0 && info.st_mode & 0o777 == 0o600)
        let (path, content, shown) = try FileAccess.confined(folder).reading("in/deeper/n.txt") { path, shown in
            (path, try String(contentsOfFile: path, encoding: .utf8), shown)
        }
        #expect(path.hasPrefix("/proc/self/fd/") && content == "nested\n")
        #expect(shown == "in/deeper/n.txt")
        var folderInfo = stat()
        #expect(stat(root, &folderInfo) == 0 && folderInfo.st_mode & 0o777 == 0o700)
    }

    @Test func agentFolderNamesNeverEscapeOrCollide() {
        #expect(FileAccess.folderName("claude", id: 3) == "claude")
        #expect(FileAccess.folderName("mcp", id: 3) == "mcp+3", "the keyless client's folder is its own")
        #expect(FileAccess.folderName("../x", id: 4) == "___x+4")
        #expect(FileAccess.folderName(".hidden", id: 5) == "_hidden+5")
        #expect(FileAccess.folderName("a/b", id: 6) != FileAccess.folderName("a_b", id: 7))
        #expect(!FileAccess.folderName(String(repeating: "z", count: 300), id: 8).contains("/"))
    }
}
