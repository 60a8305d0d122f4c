import Foundation
import Testing
import TaskCore
import TaskerTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `NewFile`, the one way output files are made: never through a link, never over a file, nothing
/// left behind, 0600 or the umask's mode.
@Suite struct NewFileTests {
    let directory = TemporaryDirectory("newfile")

    func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    var leftovers: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix(".tasker-") } }

    @Test func neverThroughALinkNorOverAFile() throws {
        let target = directory.path("target")
        try "keep\n".write(toFile: target, atomically: false, encoding: .utf8)
        let link = directory.path("link")
        #expect(symlink(target, link) == 0)
        let dangling = directory.path("dangling")
        #expect(symlink(directory.path("created-through-link"), dangling) == 0)
        for path in [target, link, dangling] {
            #expect(throws: NewFile.Failure.exists(path)) { try NewFile(path: path).write(Array("new".utf8)) }
        }
        #expect(text(target) == "keep\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path("created-through-link")))
        // --force: the link itself is replaced, its target untouched.
        try NewFile(path: link, replacing: true).write(Array("new\n".utf8))
        #expect(text(target) == "keep\n" && text(link) == "new\n")
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
        #expect(leftovers.isEmpty)
    }

    @Test func modesAndWritersThatReplaceTheirOutput() throws {
        let privateFile = directory.path("private")
        try NewFile(path: privateFile, ownerOnly: true).write(Array("p".utf8))
        #expect(mode(privateFile) == 0o600)
        let shared = directory.path("shared")
        // A writer that makes its own file at the staging path (as libzip does) still gets the umask's mode.
        try NewFile(path: shared).write(at: { staging in
            unlink(staging)
            #expect(FileManager.default.createFile(atPath: staging, contents: Data("s".utf8), attributes: [.posixPermissions: 0o777]))
        })
        let current = umask(0o022)
        umask(current)
        #expect(mode(shared) == 0o666 & ~current)
        #expect(text(shared) == "s")
        #expect(leftovers.isEmpty)
    }

    @Test func aFailingWriterLeavesNothing() {
        struct Broken: Error {}
        let path = directory.path("never")
        #expect(throws: Broken.self) { try NewFile(path: path).write(at: { _ in throw Broken() }) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(leftovers.isEmpty)
        #expect(throws: NewFile.Failure.self) { try NewFile(path: directory.path("no/such/folder/x")).write(Array("x".utf8)) }
    }
}
