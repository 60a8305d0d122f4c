import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

/// The object store (content-addressed files beside the database) and the attachments table that
/// counts references to it.
@Suite struct AttachmentStoreTests {
    /// A store fixture with an object folder beside the database.
    struct Attached {
        let f: Fixture
        let objects: ObjectStore
        init(maxBytes: Int64 = ObjectStore.defaultMaxBytes) throws {
            f = try Fixture()
            objects = ObjectStore(directory: ObjectStore.directory(forDatabase: f.store.path), maxBytes: maxBytes)
        }

        /// A file with `text` in the fixture's folder.
        func file(_ name: String, _ text: String) -> String {
            let path = f.dir.path(name)
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            return path
        }
    }

    @Test func theObjectFolderBelongsToTheDatabase() {
        #expect(ObjectStore.directory(forDatabase: "/home/me/.local/share/tasker/tasker.sqlite") == "/home/me/.local/share/tasker/objects")
        #expect(ObjectStore.directory(forDatabase: "/tmp/x/try.sqlite") == "/tmp/x/try.sqlite.objects")
    }

    @Test func aFileIsCopiedUnderItsHashReadOnlyAndStoredOnce() throws {
        let a = try Attached()
        let task = try a.f.add("Dentist")
        let path = a.file("scan.pdf", "%PDF-1.4 tooth")
        let (first, stored) = try Attachments(a.f.store).attachFile(path, to: .task(task.id), objects: a.objects)
        let hash = SHA256.hex(Array("%PDF-1.4 tooth".utf8))
        #expect(first.sha256 == hash && first.size == 14 && first.name == "scan.pdf" && first.owner == .task(task.id))
        #expect(stored.isNew)
        let objectPath = a.objects.directory + "/" + hash.prefix(2) + "/" + hash
        #expect(a.objects.path(of: hash) == objectPath)
        #expect(FileManager.default.contents(atPath: objectPath) == Data("%PDF-1.4 tooth".utf8))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: objectPath)[.posixPermissions] as? Int)
        #expect(mode == 0o400, "objects are read-only")
        // The bytes were copied: the original may change or go.
        try FileManager.default.removeItem(atPath: path)
        #expect(a.objects.check(hash) == .intact(size: 14))
        // The same content again, under another name and on a page: one object, two references.
        let again = a.file("copy.pdf", "%PDF-1.4 tooth")
        let page = try Pages(a.f.store).createPage(title: "Teeth", space: nil, body: "")
        let (second, storedAgain) = try Attachments(a.f.store).attachFile(again, to: .page(page.id), objects: a.objects)
        #expect(!storedAgain.isNew && second.sha256 == hash && second.owner == .page(page.id))
        #expect(try a.objects.hashes() == [hash])
        #expect(try Attachments(a.f.store).referenceCount(of: hash) == 2)
        #expect(try Attachments(a.f.store).attachments(of: .page(page.id)).map(\.name) == ["copy.pdf"])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: a.objects.temporaryDirectory)) ?? [] == [], "no temporary file is left")
    }

    /// The issue's figure: 1,000 files, some identical, attached and detached; the objects are the
    /// distinct contents; gc keeps what is named and removes the rest; verify finds them intact.
    @Test func aThousandFilesAttachedAndDetached() throws {
        let a = try Attached()
        let tasks = try (0..<10).map { try a.f.add("Task \($0)") }
        var attached: [TaskCore.Attachment] = []
        var contents = Set<String>()
        for i in 0..<1000 {
            let text = i % 4 == 0 ? "shared \(i % 40)" : "unique \(i)"   // 250 files in 10 shared contents
            contents.insert(text)
            let (attachment, _) = try Attachments(a.f.store).attachFile(a.file("f\(i).txt", text), to: .task(tasks[i % 10].id), objects: a.objects)
            attached.append(attachment)
        }
        #expect(contents.count == 760)
        #expect(try a.objects.hashes().count == contents.count, "one object per distinct content")
        #expect(try Attachments(a.f.store).attachments().count == 1000)
        #expect(try Attachments(a.f.store).attachments(of: .task(tasks[3].id)).count == 100)
        var verification = try Attachments(a.f.store).verifyObjects(objects: a.objects)
        #expect(verification.isClean && verification.intact == 760 && verification.unreferenced == 0)

        // Detach every other attachment: gc removes exactly the contents no one names any more.
        for attachment in attached.enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) { try Attachments(a.f.store).detach(attachment.id) }
        let left = attached.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let wanted = Set(left.map(\.sha256))
        #expect(try a.objects.hashes().count == 760, "detaching removes no bytes (undo stays possible)")
        let gc = try Attachments(a.f.store).collectGarbage(objects: a.objects)
        #expect(gc.removed == 760 - wanted.count && gc.kept == wanted.count)
        #expect(Set(try a.objects.hashes()) == wanted)
        #expect(try Attachments(a.f.store).collectGarbage(objects: a.objects).removed == 0, "a second gc has nothing to do")

        // Detach the rest: nothing is named, gc empties the store.
        for attachment in left { try Attachments(a.f.store).detach(attachment.id) }
        #expect(try Attachments(a.f.store).collectGarbage(objects: a.objects).removed == wanted.count)
        #expect(try a.objects.hashes().isEmpty)
        verification = try Attachments(a.f.store).verifyObjects(objects: a.objects)
        #expect(verification.isClean && verification.intact == 0)
    }

    @Test func verifyNamesACorruptObjectAndAMissingOne() throws {
        let a = try Attached()
        let task = try a.f.add("Tiles")
        let (good, _) = try Attachments(a.f.store).attachFile(a.file("a.txt", "good bytes"), to: .task(task.id), objects: a.objects)
        let (bad, _) = try Attachments(a.f.store).attachFile(a.file("b.txt", "bytes that will rot"), to: .task(task.id), objects: a.objects)
        let (gone, _) = try Attachments(a.f.store).attachFile(a.file("c.txt", "bytes that will go"), to: .task(task.id), objects: a.objects)
        let badPath = a.objects.path(of: bad.sha256)
        chmod(badPath, 0o600)
        let handle = try #require(FileHandle(forWritingAtPath: badPath))
        try handle.seek(toOffset: 3)
        handle.write(Data("X".utf8))   // same size, one byte flipped
        try handle.close()
        unlink(a.objects.path(of: gone.sha256))
        let result = try Attachments(a.f.store).verifyObjects(objects: a.objects)
        #expect(!result.isClean && result.intact == 1)
        #expect(result.corrupt.map(\.sha256) == [bad.sha256])
        #expect(result.corrupt.first?.problem.contains("hashes to \(SHA256.hex(Array("bytXs that will rot".utf8)))") == true)
        #expect(result.missing == [gone.sha256])
        #expect(a.objects.check(good.sha256) == .intact(size: 10))
        // A copy of a damaged object is refused, and nothing is left where it was asked to go.
        let out = a.f.dir.path("out.txt")
        #expect(throws: TaskStoreError.self) { try a.objects.copy(bad.sha256, to: out) }
        #expect(!FileManager.default.fileExists(atPath: out))
        // Attaching the same content again replaces the damaged copy only when its size differs;
        // verify still names this one (same size), so it must be restored from a backup.
        try a.objects.copy(good.sha256, to: out)
        #expect(FileManager.default.contents(atPath: out) == Data("good bytes".utf8))
        #expect(throws: TaskStoreError.self) { try a.objects.copy(good.sha256, to: out) }   // never over an existing file
    }

    @Test func aTruncatedObjectIsHealedByAttachingTheSameContentAgain() throws {
        let a = try Attached()
        let task = try a.f.add("Tiles")
        let (first, _) = try Attachments(a.f.store).attachFile(a.file("a.txt", "whole content"), to: .task(task.id), objects: a.objects)
        let path = a.objects.path(of: first.sha256)
        chmod(path, 0o600)
        truncate(path, 4)
        #expect(a.objects.check(first.sha256) != .intact(size: 13))
        let (_, stored) = try Attachments(a.f.store).attachFile(a.file("b.txt", "whole content"), to: .task(task.id), objects: a.objects)
        #expect(stored.isNew)
        #expect(a.objects.check(first.sha256) == .intact(size: 13))
    }

    /// The size limit is checked before a byte is copied (a 150 MiB sparse file is refused at once)
    /// and again while copying; the message says the size, the limit and how to raise it.
    @Test func filesOverTheLimitAreRefusedWithAClearMessage() throws {
        let a = try Attached()
        let task = try a.f.add("Video")
        let big = a.f.dir.path("big.mov")
        _ = FileManager.default.createFile(atPath: big, contents: nil)
        #expect(truncate(big, 150 << 20) == 0)
        var thrown: TaskStoreError?
        do { _ = try Attachments(a.f.store).attachFile(big, to: .task(task.id), objects: a.objects) } catch let error as TaskStoreError { thrown = error }
        let error = try #require(thrown)
        guard case .attachmentIngestFailed(let path, let reason) = error else { Issue.record("\(error)"); return }
        #expect(path == big)
        #expect(reason == "it is 150.0 MiB, more than the attachment limit of 100.0 MiB; raise attachments.max_mib in config.json to attach it")
        #expect(error.description.hasPrefix("cannot attach \(big): it is 150.0 MiB"))
        #expect(try Attachments(a.f.store).attachments().isEmpty && a.objects.hashes().isEmpty)

        let small = try Attached(maxBytes: 1000)
        let t = try small.f.add("Notes")
        #expect(throws: TaskStoreError.self) { try Attachments(small.f.store).attachFile(small.file("x", String(repeating: "x", count: 1001)), to: .task(t.id), objects: small.objects) }
        #expect(try Attachments(small.f.store).attachFile(small.file("y", String(repeating: "y", count: 1000)), to: .task(t.id), objects: small.objects).stored.size == 1000)
    }

    @Test func whatCannotBeAttachedSaysWhy() throws {
        let a = try Attached()
        let task = try a.f.add("Taxes")
        func reason(_ path: String, to owner: AttachmentOwner? = nil) -> String? {
            do {
                _ = try Attachments(a.f.store).attachFile(path, to: owner ?? .task(task.id), objects: a.objects)
                return nil
            } catch TaskStoreError.attachmentIngestFailed(_, let reason) {
                return reason
            } catch {
                return "\(error)"
            }
        }
        #expect(reason(a.f.dir.path("nothing-here")) == "no such file")
        #expect(reason(a.f.dir.folder("folder")) == "it is a folder; attach the files inside it one by one")
        #expect(reason("/dev/null") == "it is not a regular file")
        let secret = a.file("secret", "x")
        chmod(secret, 0)
        if getuid() != 0 { #expect(reason(secret) == "permission denied") }
        #expect(reason(a.file("ok", "x"), to: .task(TaskID(999))) == TaskStoreError.taskNotFound(TaskID(999)).description)
    }

    /// Deleting a task takes its attachment rows (the bytes stay until gc); restoring brings them
    /// back with their ids and UUIDs. A detach is undone the same way.
    @Test func attachmentsGoAndComeBackWithTheirTask() throws {
        let a = try Attached()
        let task = try a.f.add("Passport")
        let (scan, _) = try Attachments(a.f.store).attachFile(a.file("scan.jpg", "photo"), to: .task(task.id), objects: a.objects)
        let deletion = try Tasks(a.f.store).deleteTask(task.id, withSubtasks: false)
        #expect(deletion.records.first?.attachments == [scan])
        #expect(try Attachments(a.f.store).attachments().isEmpty)
        #expect(a.objects.contains(scan.sha256))
        try Tasks(a.f.store).restore(deletion)
        #expect(try Attachments(a.f.store).attachments() == [scan])

        let detached = try Attachments(a.f.store).detach(scan.id)
        #expect(try a.f.store.tombstones().contains { $0.kind == .attachment && $0.uuid == scan.uuid })
        #expect(throws: TaskStoreError.attachmentNotFound(scan.id)) { try Attachments(a.f.store).attachment(scan.id) }
        #expect(try Attachments(a.f.store).restoreAttachments([detached]) == [scan])
        #expect(try Attachments(a.f.store).attachment(scan.id) == scan)
        #expect(try !a.f.store.tombstones().contains { $0.kind == .attachment })
    }

    /// gc waits for an attach holding the shared lock between its copy and its row, so it never
    /// removes an object a row is about to name.
    @Test func garbageCollectionWaitsForAnAttachInProgress() throws {
        let a = try Attached()
        let task = try a.f.add("Race")
        let other = try a.f.reopen()
        let path = a.file("r.txt", "racing bytes")
        let copied = DispatchSemaphore(value: 0)
        let (objects, database, taskID) = (a.objects, a.f.store.path, task.id)
        let attach = Thread {
            _ = try? objects.withLock(exclusive: false) {
                let stored = try objects.ingest(file: path)
                copied.signal()
                Thread.sleep(forTimeInterval: 0.3)
                return try Attachments(TaskStore(path: database)).addAttachment(sha256: stored.sha256, size: stored.size, name: "r.txt", to: .task(taskID))
            }
        }
        attach.start()
        copied.wait()
        let gc = try Attachments(other).collectGarbage(objects: a.objects)
        #expect(gc.removed == 0 && gc.kept == 1)
        #expect(a.objects.contains(SHA256.hex(Array("racing bytes".utf8))))
    }

    @Test func leftoversOfAKilledCopyAreRemovedByGCWhenOld() throws {
        let a = try Attached()
        try a.objects.makeFolder(a.objects.temporaryDirectory)
        let stale = a.objects.temporaryDirectory + "/ingest-old"
        _ = FileManager.default.createFile(atPath: stale, contents: Data("half".utf8))
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, stale, &times, 0)
        let fresh = a.objects.temporaryDirectory + "/ingest-new"
        _ = FileManager.default.createFile(atPath: fresh, contents: Data("busy".utf8))
        let gc = try Attachments(a.f.store).collectGarbage(objects: a.objects)
        #expect(gc.temporaryFiles == 1)
        #expect(!FileManager.default.fileExists(atPath: stale) && FileManager.default.fileExists(atPath: fresh))
    }

    @Test func aStagedObjectThatIsNotCommittedLeavesNothing() throws {
        let a = try Attached()
        var bytes = Array("bundle bytes".utf8)
        var staged: StagedObject? = try a.objects.stage(source: "bundle entry") { buffer in
            let n = min(buffer.count, bytes.count)
            buffer.copyBytes(from: bytes.prefix(n))
            bytes.removeFirst(n)
            return n
        }
        #expect(staged?.sha256 == SHA256.hex(Array("bundle bytes".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: a.objects.temporaryDirectory).count == 1)
        staged = nil
        #expect(try FileManager.default.contentsOfDirectory(atPath: a.objects.temporaryDirectory).isEmpty)
        #expect(try a.objects.hashes().isEmpty)
        // A hash that is not the one expected is refused before anything is stored.
        var more = Array("other".utf8)
        #expect(throws: TaskStoreError.self) {
            try a.objects.stage(source: "attachments/x", expected: String(repeating: "0", count: 64)) { buffer in
                let n = min(buffer.count, more.count)
                buffer.copyBytes(from: more.prefix(n))
                more.removeFirst(n)
                return n
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: a.objects.temporaryDirectory).isEmpty)
    }
}
