import Foundation
import Synchronization
import Testing
import TaskCore
import TaskCrypto
import TaskStore
import TaskerTestSupport

/// Encrypted attachments with a real `TaskCrypto`: secretstream objects named by their content's
/// hash, one object and one key per content, keys sealed in the rows (re-sealed by a rotation),
/// truncation, reordering and a flipped byte refused with one line and nothing written.
@Suite struct EncryptedAttachmentTests {
    let directory = TemporaryDirectory("encatt")
    var path: String { directory.path("t.sqlite") }
    var objects: ObjectStore { ObjectStore(directory: ObjectStore.directory(forDatabase: path)) }
    static let sentence = "The treasure is buried under the third oak."

    func open(_ sealer: TaskCrypto?, enable: Bool = true) throws -> TaskStore {
        let store = try TaskStore(path: path)
        try store.bootstrap()
        store.sealer = sealer
        if enable, sealer != nil { try Sealing(store).enableSealing() }
        return store
    }

    /// Three full chunks and a bit: the sentence repeated (so a chunk can be swapped).
    func secretFile(_ name: String = "secret.txt") -> (path: String, bytes: Data) {
        var text = ""
        while text.utf8.count < 3 * 65_536 + 100 { text += Self.sentence + "\n" }
        let bytes = Data(text.utf8)
        #expect(FileManager.default.createFile(atPath: directory.path(name), contents: bytes))
        return (directory.path(name), bytes)
    }

    /// How many files under the object folder contain `needle`.
    func filesContaining(_ needle: String) -> Int {
        let root = objects.directory
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return files.filter { name in
            guard let data = FileManager.default.contents(atPath: root + "/" + name) else { return false }
            return data.range(of: Data(needle.utf8)) != nil
        }.count
    }

    @Test func anEncryptedFileRoundTripsIsStoredOnceAndNeverInClear() throws {
        let key = try DataKey.random()
        let store = try open(try TaskCrypto(key: key))
        let page = try Pages(store).createPage(title: "Map", body: "")
        let other = try Pages(store).createPage(title: "Copy", body: "")
        let (file, bytes) = secretFile()
        let (first, stored) = try Attachments(store).attachFile(file, to: .page(page.id), objects: objects, encrypt: true)
        #expect(stored.isNew && first.isEncrypted && first.encoding == "secretstream" && first.size == Int64(bytes.count))
        #expect(first.sha256 == SHA256.hex(Array(bytes)), "named by the content's hash")
        let (second, again) = try Attachments(store).attachFile(file, name: "again.txt", to: .page(other.id), objects: objects, encrypt: true)
        #expect(!again.isNew && second.sha256 == first.sha256 && second.storedSHA256 == first.storedSHA256)
        #expect(second.sealedKey != first.sealedKey, "the one key is sealed for each row")
        #expect(try objects.hashes(suffix: ".sealed") == [first.sha256] && (try objects.hashes()).isEmpty)
        #expect(filesContaining(Self.sentence) == 0)
        #expect(filesContaining("third oak") == 0)
        for attachment in [first, second] {
            let out = directory.path("out-\(attachment.id.rawValue).txt")
            try Attachments(store).objects(for: attachment, in: objects).copy(attachment.sha256, to: out)
            #expect(FileManager.default.contents(atPath: out) == bytes)
        }
        // verify checks the stored bytes without the key; gc keeps it while a row names it.
        let locked = try open(nil)
        let verified = try Attachments(locked).verifyObjects(objects: objects)
        #expect(verified.isClean && verified.intact == 1 && verified.unreferenced == 0)
        // Detach and undo: the restored row keeps its sealed key and opens.
        let detached = try Attachments(store).detach(first.id)
        #expect(try Attachments(store).restoreAttachments([detached]).count == 1)
        try Attachments(store).objects(for: try Attachments(store).attachment(first.id), in: objects).copy(first.sha256, to: directory.path("restored.txt"))
        #expect(FileManager.default.contents(atPath: directory.path("restored.txt")) == bytes)
        try Attachments(store).detach(first.id)
        #expect(try Attachments(store).unreferencedObjects(objects).unreferenced.isEmpty)
        #expect(try Attachments(store).collectGarbage(objects: objects).removed == 0)
        try Attachments(store).detach(second.id)
        #expect(try Attachments(store).unreferencedObjects(objects).unreferenced.map(\.suffix) == [".sealed"])
        #expect(try Attachments(store).collectGarbage(objects: objects).removed == 1)
        #expect(try objects.hashes(suffix: ".sealed").isEmpty)
    }

    /// One file attached plain and encrypted is two stored objects: uploading one records its URL
    /// on the rows naming that object only, and a new row of the same object inherits it.
    @Test func aRemoteURLBelongsToOneStoredObjectNotToTheContentHash() throws {
        let store = try open(try TaskCrypto(key: try DataKey.random()))
        let page = try Pages(store).createPage(title: "Map", body: "")
        let (file, _) = secretFile()
        let (plain, _) = try Attachments(store).attachFile(file, name: "plain.txt", to: .page(page.id), objects: objects, encrypt: false)
        let (sealed, _) = try Attachments(store).attachFile(file, name: "sealed.txt", to: .page(page.id), objects: objects, encrypt: true)
        #expect(plain.sha256 == sealed.sha256 && objects.path(of: plain) != objects.path(of: sealed))
        try Attachments(store).setRemoteURL("https://example.test/sealed", forObject: sealed.sha256, encoding: sealed.encoding)
        #expect(try Attachments(store).attachment(sealed.id).remoteURL == "https://example.test/sealed")
        #expect(try Attachments(store).attachment(plain.id).remoteURL == nil, "the plain object was not uploaded")
        let (again, _) = try Attachments(store).attachFile(file, name: "again.txt", to: .page(page.id), objects: objects, encrypt: true)
        #expect(again.remoteURL == "https://example.test/sealed")
    }

    @Test func truncationReorderingAndAFlippedByteAreRefusedAndNothingIsWritten() throws {
        let store = try open(try TaskCrypto(key: try DataKey.random()))
        let page = try Pages(store).createPage(title: "Map", body: "")
        let (attachment, _) = try Attachments(store).attachFile(secretFile().path, to: .page(page.id), objects: objects, encrypt: true)
        let objectPath = objects.path(of: attachment)
        #expect(objectPath.hasSuffix(".sealed"))
        let sealed = [UInt8](FileManager.default.contents(atPath: objectPath)!)
        let head = 5 + 24, chunk = 65_536 + 17
        chmod(objectPath, 0o600)
        func refused(_ variant: [UInt8], _ words: String) throws {
            #expect(FileManager.default.createFile(atPath: objectPath, contents: Data(variant)))
            let out = directory.path("out.txt")
            #expect {
                try Attachments(store).objects(for: attachment, in: objects).copy(attachment.sha256, to: out)
            } throws: { error in
                let line = "\(error)"
                return line.contains(words) && !line.contains("\n") && !line.contains(Self.sentence)
            }
            #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path("")).filter { $0.hasPrefix(".tasker-") }
            #expect(leftovers.isEmpty)
            // verify names it, without the key.
            let verified = try Attachments(open(nil, enable: false)).verifyObjects(objects: objects)
            #expect(verified.corrupt.map(\.path) == [objectPath])
        }
        try refused(Array(sealed.prefix(head + 2 * chunk)), "cut short")
        try refused(Array(sealed.prefix(sealed.count - 1)), "does not open")
        let swapped = Array(sealed.prefix(head)) + Array(sealed[(head + chunk)..<(head + 2 * chunk)])
            + Array(sealed[head..<(head + chunk)]) + Array(sealed.dropFirst(head + 2 * chunk))
        try refused(swapped, "reordered")
        var flipped = sealed
        flipped[head + chunk + 100] ^= 0x01
        try refused(flipped, "altered")
        try refused(sealed + [0], "does not open")
        // Put back, it opens again.
        #expect(FileManager.default.createFile(atPath: objectPath, contents: Data(sealed)))
        try Attachments(store).objects(for: attachment, in: objects).copy(attachment.sha256, to: directory.path("whole.txt"))
    }

    @Test func lockedOrCryptoOffRefusesWithOneLineAndWritesNothing() throws {
        let off = try open(try TaskCrypto(key: try DataKey.random()), enable: false)
        let page = try Pages(off).createPage(title: "Map", body: "")
        #expect {
            try Attachments(off).attachFile(secretFile().path, to: .page(page.id), objects: objects, encrypt: true)
        } throws: { "\($0)".contains("run `tasker crypto enable`") }
        #expect(try Attachments(off).attachments().isEmpty && (try objects.hashes(suffix: ".sealed")).isEmpty)
        try Sealing(off).enableSealing()
        let (attachment, _) = try Attachments(off).attachFile(secretFile().path, to: .page(page.id), objects: objects, encrypt: true)
        let locked = try open(nil)
        #expect {
            try Attachments(locked).attachFile(secretFile("b.txt").path, to: .page(page.id), objects: objects, encrypt: true)
        } throws: { "\($0)".contains("data key is not available") }
        let out = directory.path("out.txt")
        #expect {
            try Attachments(locked).objects(for: try Attachments(locked).attachment(attachment.id), in: objects).copy(attachment.sha256, to: out)
        } throws: { "\($0)".contains("this attachment is encrypted and the data key is not available") }
        #expect(!FileManager.default.fileExists(atPath: out))
        // Plain attachments still open while locked.
        #expect(FileManager.default.createFile(atPath: directory.path("plain.txt"), contents: Data("clear".utf8)))
        let (plain, _) = try Attachments(locked).attachFile(directory.path("plain.txt"), to: .page(page.id), objects: objects)
        try Attachments(locked).objects(for: plain, in: objects).copy(plain.sha256, to: directory.path("plain-out.txt"))
    }

    @Test func rotationReSealsTheObjectKeysAndTheObjectStillOpens() throws {
        let old = try DataKey.random(), new = try DataKey.random()
        let store = try open(try TaskCrypto(key: old))
        let page = try Pages(store).createPage(title: "Map", body: "x")
        let (file, bytes) = secretFile()
        let (attachment, _) = try Attachments(store).attachFile(file, to: .page(page.id), objects: objects, encrypt: true)
        let before = [UInt8](FileManager.default.contents(atPath: objects.path(of: attachment))!)
        let count = try Sealing(store).reseal(with: try TaskCrypto(key: new, otherKeys: [old]))
        #expect(count.attachmentKeys == 1 && count.pageBodies == 1)
        #expect([UInt8](FileManager.default.contents(atPath: objects.path(of: attachment))!) == before, "the object is not rewritten")
        let onlyNew = try open(try TaskCrypto(key: new), enable: false)
        let reloaded = try Attachments(onlyNew).attachment(attachment.id)
        #expect(reloaded.sealedKey != attachment.sealedKey)
        try Attachments(onlyNew).objects(for: reloaded, in: objects).copy(reloaded.sha256, to: directory.path("out.txt"))
        #expect(FileManager.default.contents(atPath: directory.path("out.txt")) == bytes)
        let onlyOld = try open(try TaskCrypto(key: old), enable: false)
        #expect(throws: TaskStoreError.self) { try Attachments(onlyOld).objects(for: reloaded, in: objects) }
    }

    /// Four processes' worth of connections attach the same new file at once: one object, and every
    /// row's key opens it (encrypted attaches take the store's exclusive lock).
    @Test func concurrentAttachesOfTheSameFileShareOneObjectAndKey() throws {
        let key = try DataKey.random()
        let store = try open(try TaskCrypto(key: key))
        let page = try Pages(store).createPage(title: "Map", body: "")
        let (file, bytes) = secretFile()
        let path = self.path, objects = self.objects
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let mine = try TaskStore(path: path)
                mine.sealer = try TaskCrypto(key: key)
                _ = try Attachments(mine).attachFile(file, to: .page(page.id), objects: objects, encrypt: true)
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(try objects.hashes(suffix: ".sealed").count == 1)
        for attachment in try Attachments(store).attachments() {
            let out = directory.path("c\(attachment.id.rawValue)")
            try Attachments(store).objects(for: attachment, in: objects).copy(attachment.sha256, to: out)
            #expect(FileManager.default.contents(atPath: out) == bytes)
        }
        #expect(try Attachments(store).attachments().count == 4)
    }

    @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 200_000])
    func objectsOfEverySizeAroundAChunkRoundTrip(size: Int) throws {
        let store = try open(try TaskCrypto(key: try DataKey.random()))
        let page = try Pages(store).createPage(title: "P", body: "")
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        #expect(FileManager.default.createFile(atPath: directory.path("in"), contents: bytes))
        let (attachment, _) = try Attachments(store).attachFile(directory.path("in"), to: .page(page.id), objects: objects, encrypt: true)
        try Attachments(store).objects(for: attachment, in: objects).copy(attachment.sha256, to: directory.path("out"))
        #expect(FileManager.default.contents(atPath: directory.path("out")) == bytes)
        #expect(objects.through(PlainCodec()).check(attachment.sha256) == .missing, "no plain copy")
    }
}
