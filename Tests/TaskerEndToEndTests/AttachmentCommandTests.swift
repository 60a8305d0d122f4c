import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// Attachments through the real binary: `tasker call attach_file`, `tasker gc`, `tasker verify`.
@Suite struct AttachmentCommandTests {
    let dir = TemporaryDirectory("attach-cli")
    var db: String { dir.path("tasks.sqlite") }
    var objects: String { db + ".objects" }

    func tasker(_ arguments: [String], environment: [String: String] = [:]) throws -> TaskerBinary.Result {
        try TaskerBinary.run(arguments + ["--db", db], environment: ["XDG_CONFIG_HOME": dir.path("config")].merging(environment) { _, b in b })
    }

    func json(_ result: TaskerBinary.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout) \(result.stderr)")
    }

    @Test func attachGcAndVerify() throws {
        #expect(try tasker(["add", "dentist friday"]).status == 0)
        var ids: [Int] = []
        for (index, text) in ["one", "two", "one", "three"].enumerated() {
            let path = dir.path("f\(index).txt")
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            let result = try json(try tasker(["call", "attach_file", #"{"path": "\#(path)", "task": "dentist"}"#]))
            #expect(result["ok"] as? Bool == true, "\(result)")
            ids.append(try #require((result["attachment"] as? [String: Any])?["id"] as? Int))
        }
        let hashes = ["one", "two", "three"].map { SHA256.hex(Array($0.utf8)) }
        for hash in hashes { #expect(FileManager.default.fileExists(atPath: objects + "/" + hash.prefix(2) + "/" + hash)) }
        let clean = try tasker(["verify"])
        #expect(clean.status == 0 && clean.stdout.contains("3 objects checked: 3 intact, 0 damaged, 0 missing"), "\(clean)")

        // Detach both "one"s and "two": gc removes their two objects and keeps "three".
        for id in [ids[0], ids[1], ids[2]] { #expect(try json(try tasker(["call", "detach", #"{"id": \#(id)}"#]))["ok"] as? Bool == true) }
        let dry = try tasker(["gc", "--dry-run"])
        #expect(dry.status == 0 && dry.stdout.contains("2 objects would be removed"))
        let gc = try tasker(["gc"])
        #expect(gc.status == 0 && gc.stdout.contains("removed 2 objects (6 bytes), kept 1"), "\(gc)")
        #expect(!FileManager.default.fileExists(atPath: objects + "/" + hashes[0].prefix(2) + "/" + hashes[0]))

        // A damaged object is named, with the attachment using it; exit status 1.
        let three = objects + "/" + hashes[2].prefix(2) + "/" + hashes[2]
        chmod(three, 0o600)
        try Data("thrEe".utf8).write(to: URL(fileURLWithPath: three))
        let damaged = try tasker(["verify"])
        #expect(damaged.status == 1)
        #expect(damaged.stdout.contains("CORRUPT \(three): its content hashes to \(SHA256.hex(Array("thrEe".utf8))); used by #\(ids[3]) 'f3.txt'"), "\(damaged.stdout)")
        #expect(damaged.stdout.contains("1 object checked: 0 intact, 1 damaged, 0 missing"))
    }

    /// The limit comes from config.json (attachments.max_mib, default 100); a 150 MiB sparse file
    /// is refused at the default with the reason, and nothing is stored.
    @Test func aFileOverTheLimitIsRefused() throws {
        #expect(try tasker(["add", "upload video"]).status == 0)
        let big = dir.path("big.mov")
        _ = FileManager.default.createFile(atPath: big, contents: nil)
        #expect(truncate(big, 150 << 20) == 0)
        let refused = try tasker(["call", "attach_file", #"{"path": "\#(big)", "task": 1}"#])
        #expect(refused.status == 0)
        #expect(try json(refused)["error"] as? String
                == "cannot attach \(big): it is 150.0 MiB, more than the attachment limit of 100.0 MiB; raise attachments.max_mib in config.json to attach it")
        let small = dir.path("small.txt")
        _ = FileManager.default.createFile(atPath: small, contents: Data(repeating: 65, count: 2 << 20))
        try FileManager.default.createDirectory(atPath: dir.path("config/tasker"), withIntermediateDirectories: true)
        try Data(#"{"attachments": {"max_mib": 1}}"#.utf8).write(to: URL(fileURLWithPath: dir.path("config/tasker/config.json")))
        let over = try json(try tasker(["call", "attach_file", #"{"path": "\#(small)", "task": 1}"#]))
        #expect((over["error"] as? String)?.contains("it is 2.0 MiB, more than the attachment limit of 1.0 MiB") == true)
        try Data(#"{"attachments": {"max_mib": "lots"}}"#.utf8).write(to: URL(fileURLWithPath: dir.path("config/tasker/config.json")))
        let bad = try tasker(["call", "attach_file", #"{"path": "\#(small)", "task": 1}"#])
        #expect(bad.stderr.contains("attachments.max_mib must be a whole number of MiB"))
        #expect(try json(bad)["ok"] as? Bool == true, "a bad value falls back to 100 MiB")
    }

    /// export --unkt carries the bytes; import into another database puts them in its own object folder.
    @Test func aBundleCarriesAttachmentsToAnotherDatabase() throws {
        #expect(try tasker(["add", "file taxes"]).status == 0)
        let receipt = dir.path("receipt.pdf")
        _ = FileManager.default.createFile(atPath: receipt, contents: Data("%PDF receipt".utf8))
        #expect(try json(try tasker(["call", "attach_file", #"{"path": "\#(receipt)", "task": "taxes"}"#]))["ok"] as? Bool == true)
        let bundle = dir.path("all.unkt")
        let exported = try tasker(["export", "--unkt", bundle])
        #expect(exported.status == 0 && exported.stderr.contains("1 attachments"), "\(exported)")
        let other = dir.path("other.sqlite")
        let imported = try TaskerBinary.run(["import", bundle, "--db", other], environment: ["XDG_CONFIG_HOME": dir.path("config")])
        #expect(imported.status == 0, "\(imported)")
        let hash = SHA256.hex(Array("%PDF receipt".utf8))
        let copy = other + ".objects/" + hash.prefix(2) + "/" + hash
        #expect(FileManager.default.contents(atPath: copy) == Data("%PDF receipt".utf8))
        let listed = try TaskerBinary.run(["call", "list_attachments", "--db", other])
        #expect(listed.stdout.contains("receipt.pdf"))
        #expect(try TaskerBinary.run(["verify", "--db", other]).status == 0)
    }
}
