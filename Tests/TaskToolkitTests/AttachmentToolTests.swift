import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskToolkit

/// attach_file, list_attachments, open_attachment and detach through the JSON door.
@Suite struct AttachmentToolTests {
    func file(_ f: ToolkitFixture, _ name: String, _ text: String) -> String {
        let path = f.directory.path(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    @Test func attachListOpenAndDetach() throws {
        let f = try ToolkitFixture()
        let dentist = try f.task(["title": "Dentist"])
        _ = try f.call("create_page", ["title": "Kitchen"])
        let scan = file(f, "scan.pdf", "%PDF tooth")
        let attached = try f.call("attach_file", ["path": .string(scan), "task": "dentist"])
        #expect(attached["ok"] == true, "\(attached)")
        let a = try #require(attached["attachment"])
        #expect(a["name"] == "scan.pdf" && a["size"] == 10 && a["task"]?["id"] == .int(dentist) && a["task"]?["title"] == "Dentist")
        #expect(a["sha256"] == .string(SHA256.hex(Array("%PDF tooth".utf8))))
        #expect(attached["stored_once_already"] == false)
        let again = try f.call("attach_file", ["path": .string(file(f, "tiles.pdf", "%PDF tooth")), "page": "Kitchen", "name": "Tile quote"])
        #expect(again["stored_once_already"] == true && again["attachment"]?["page"]?["title"] == "Kitchen")
        #expect(again["attachment"]?["name"] == "Tile quote")

        let all = try f.call("list_attachments")
        #expect(all["count"] == 2)
        let onTask = try f.call("list_attachments", ["task": .int(dentist)])
        #expect(onTask["count"] == 1 && onTask["attachments"]?.arrayValue?.first?["name"] == "scan.pdf")

        let id = try #require(a["id"]?.intValue)
        let stored = try f.call("open_attachment", ["id": .int(id)])
        let storedPath = try #require(stored["path"]?.stringValue)
        #expect(storedPath == f.directory.path("objects") + "/" + SHA256.hex(Array("%PDF tooth".utf8)).prefix(2) + "/" + SHA256.hex(Array("%PDF tooth".utf8)))
        #expect(FileManager.default.contents(atPath: storedPath) == Data("%PDF tooth".utf8))
        let copy = f.directory.path("copy.pdf")
        let opened = try f.call("open_attachment", ["id": .int(id), "path": .string(copy)])
        #expect(opened["path"] == .string(copy) && FileManager.default.contents(atPath: copy) == Data("%PDF tooth".utf8))
        let twice = try f.call("open_attachment", ["id": .int(id), "path": .string(copy)])
        #expect(twice["ok"] == false && twice["error"]?.stringValue?.contains("already exists") == true)

        let detached = try f.call("detach", ["id": .int(id)])
        #expect(detached["ok"] == true && detached["references_left"] == 1, "the page still names the same bytes")
        #expect(try f.call("list_attachments")["count"] == 1)
        let gone = try f.call("detach", ["id": .int(id)])
        #expect(gone["ok"] == false && gone["error"] == .string("no attachment with id \(id); check list_attachments for the right id"))
    }

    @Test func refusalsSayWhy() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Taxes"])
        let missing = try f.call("attach_file", ["path": .string(f.directory.path("nope.pdf")), "task": "taxes"])
        #expect(missing["ok"] == false && missing["error"] == .string("cannot attach \(f.directory.path("nope.pdf")): no such file"))
        let noTask = try f.call("attach_file", ["path": .string(file(f, "a", "x")), "task": "holiday"])
        #expect(noTask["ok"] == false && noTask["error"]?.stringValue?.hasPrefix("no open task matches 'holiday'") == true)
        #expect(throws: ToolkitError.self) { try f.call("attach_file", ["path": "/tmp/x"]) }
        #expect(throws: ToolkitError.self) { try f.call("attach_file", ["path": "/tmp/x", "task": 1, "page": 1]) }
        #expect(throws: ToolkitError.self) { try f.call("detach", [:]) }
        let big = f.directory.path("big.iso")
        _ = FileManager.default.createFile(atPath: big, contents: nil)
        #expect(truncate(big, 150 << 20) == 0)
        let refused = try f.call("attach_file", ["path": .string(big), "task": "taxes"])
        #expect(refused["ok"] == false)
        #expect(refused["error"] == .string("cannot attach \(big): it is 150.0 MiB, more than the attachment limit of 100.0 MiB; raise attachments.max_mib in config.json to attach it"))
        #expect(try f.call("list_attachments")["count"] == 0)
    }

    @Test func attachAndDetachAreUndone() throws {
        let f = try ToolkitFixture()
        let id = try f.task(["title": "Passport"])
        let attach = AttachFile(path: file(f, "p.jpg", "photo"), target: .task(.id(Int64(id))))
        let output = try #require(try f.toolkit.run(attach).output)
        try #require(attach.undo(after: output)).revert(in: f.toolkit.store)
        #expect(try Attachments(f.toolkit.store).attachments().isEmpty)
        let again = try #require(try f.toolkit.run(attach).output)
        let detach = Detach(id: again.item.attachment.id)
        let detached = try #require(try f.toolkit.run(detach).output)
        try #require(detach.undo(after: detached)).revert(in: f.toolkit.store)
        #expect(try Attachments(f.toolkit.store).attachments() == [again.item.attachment])
        #expect(try f.toolkit.preview(detach) == .ready("Detach 'p.jpg' from task #\(id) 'Passport'"))
    }

    @Test func withoutAnObjectStoreTheToolsRefuse() throws {
        let fixture = try TestStore("toolkit", now: Date(), zone: .current)
        let toolkit = TaskToolkit(store: fixture.store)
        _ = try toolkit.call("create_task", ["title": "x"])
        let result = try toolkit.call("attach_file", ["path": "/etc/hostname", "task": 1])
        #expect(result["ok"] == false && result["error"]?.stringValue?.contains("no object store") == true)
    }
}
