import Foundation
import Testing
import TaskCore
import TaskCrypto
import TaskIO
import TaskStore
import TaskerTestSupport

/// A `.unkt` bundle carries attachments opened; importing it where `attachments.encrypt` is on stores
/// them encrypted, as attaching them there would, and never leaves their plain bytes in the object
/// folder. Where they cannot be encrypted (sealing off, no data key) nothing is imported.
@Suite struct EncryptedImportTests {
    let directory = TemporaryDirectory("encimport")
    static let sentence = "The map is folded inside the blue teapot."

    /// A plain database with one page holding the same secret file twice, exported to a bundle.
    func bundle() throws -> (path: String, bytes: Data) {
        let source = directory.path("source.sqlite")
        let store = try TaskStore(path: source)
        try store.bootstrap()
        let objects = ObjectStore(directory: ObjectStore.directory(forDatabase: source))
        let page = try Pages(store).createPage(title: "Map", body: "")
        let bytes = Data(String(repeating: Self.sentence + "\n", count: 3_000).utf8)
        let file = directory.path("secret.txt")
        #expect(FileManager.default.createFile(atPath: file, contents: bytes))
        _ = try Attachments(store).attachFile(file, to: .page(page.id), objects: objects)
        _ = try Attachments(store).attachFile(file, name: "copy.txt", to: .page(page.id), objects: objects)
        let path = directory.path("map.unkt")
        try UnktBundle.write(try RecordSets(store).records(), to: path, generator: "test", created: Date(timeIntervalSince1970: 1_800_000_000), objects: objects)
        return (path, bytes)
    }

    func destination(_ name: String, sealer: TaskCrypto?, enable: Bool) throws -> (store: TaskStore, objects: ObjectStore) {
        let path = directory.path(name)
        let store = try TaskStore(path: path)
        try store.bootstrap()
        store.sealer = sealer
        if enable { try Sealing(store).enableSealing() }
        return (store, ObjectStore(directory: ObjectStore.directory(forDatabase: path), encryptByDefault: true))
    }

    /// How many files under `root` (temporary ones included) contain `needle`.
    func filesContaining(_ needle: String, under root: String) -> Int {
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return files.filter { FileManager.default.contents(atPath: root + "/" + $0)?.range(of: Data(needle.utf8)) != nil }.count
    }

    @Test func importedAttachmentsAreStoredEncryptedOnceAndOpen() throws {
        let (path, bytes) = try bundle()
        let (store, objects) = try destination("dest.sqlite", sealer: try TaskCrypto(key: try DataKey.random()), enable: true)
        let read = try UnktBundle.read(path: path, objects: objects)
        let report = try RecordImporter(store: store, source: "map.unkt").apply(read.records, mode: .merge, objects: objects, staged: read.staged)
        #expect(report.added >= 3)
        let attachments = try Attachments(store).attachments()
        #expect(attachments.count == 2)
        #expect(attachments.allSatisfy { $0.isEncrypted && $0.encoding == "secretstream" && $0.storedSHA256 != nil })
        #expect(Set(attachments.map(\.storedSHA256)).count == 1, "one object, one key, for the one content")
        let hash = SHA256.hex(Array(bytes))
        #expect(try objects.hashes(suffix: ".sealed") == [hash])
        #expect(try objects.hashes().isEmpty, "no plain copy was committed")
        #expect(filesContaining("blue teapot", under: objects.directory) == 0)
        for attachment in attachments {
            let out = directory.path("out-\(attachment.id.rawValue).txt")
            try Attachments(store).objects(for: attachment, in: objects).copy(attachment.sha256, to: out)
            #expect(FileManager.default.contents(atPath: out) == bytes)
        }
        let verified = try Attachments(store).verifyObjects(objects: objects)
        #expect(verified.isClean && verified.intact == 1 && verified.unreferenced == 0)
    }

    /// A plain row already here names the same bytes and its object is missing: the bundle's copy
    /// restores it (plain) while the new rows are stored encrypted.
    @Test func thePlainCopyStaysWhenAPlainRowHereNeedsIt() throws {
        let (path, bytes) = try bundle()
        let (store, objects) = try destination("mixed.sqlite", sealer: try TaskCrypto(key: try DataKey.random()), enable: true)
        let task = try Tasks(store).createTask(TaskDraft(title: "Has the same file"))
        let file = directory.path("same.txt")
        #expect(FileManager.default.createFile(atPath: file, contents: bytes))
        let (plain, _) = try Attachments(store).attachFile(file, to: .task(task.id), objects: objects, encrypt: false)
        #expect(unlink(objects.path(of: plain)) == 0)
        let read = try UnktBundle.read(path: path, objects: objects)
        _ = try RecordImporter(store: store, source: "map.unkt").apply(read.records, mode: .merge, objects: objects, staged: read.staged)
        #expect(try Attachments(store).attachments().filter(\.isEncrypted).count == 2)
        #expect(try objects.hashes() == [plain.sha256] && (try objects.hashes(suffix: ".sealed")) == [plain.sha256])
        #expect(FileManager.default.contents(atPath: objects.path(of: plain)) == bytes)
    }

    @Test func withoutSealingOrKeyNothingIsImported() throws {
        let (path, _) = try bundle()
        for (name, sealer, enable, expected) in [
            ("off.sqlite", nil, false, "encrypting attachments needs sealing, which is off; run `tasker crypto enable` first"),
            ("nokey.sqlite", try TaskCrypto(key: try DataKey.random()), true, "the data key is not available: no data key was given to this process"),
        ] as [(String, TaskCrypto?, Bool, String)] {
            let (store, objects) = try destination(name, sealer: sealer, enable: enable)
            if enable { store.sealer = nil }  // sealed with a key this process then does not have
            let before = try RecordSets(store).records()
            let read = try UnktBundle.read(path: path, objects: objects)
            #expect(throws: IOError.cannotEncrypt(source: "map.unkt", count: 2, reason: expected)) {
                try RecordImporter(store: store, source: "map.unkt").apply(read.records, mode: .merge, objects: objects, staged: read.staged)
            }
            #expect(try RecordSets(store).records() == before)
            #expect(try objects.hashes().isEmpty && (try objects.hashes(suffix: ".sealed")).isEmpty)
        }
        #expect(IOError.cannotEncrypt(source: "map.unkt", count: 2, reason: "the data key is not available: x").description
            == "map.unkt brings 2 attachments and attachments.encrypt is on, but the data key is not available: x; nothing was imported")
    }

    @Test func aDryRunStoresNothing() throws {
        let (path, _) = try bundle()
        let (store, objects) = try destination("dry.sqlite", sealer: try TaskCrypto(key: try DataKey.random()), enable: true)
        let read = try UnktBundle.read(path: path, objects: objects)
        let report = try RecordImporter(store: store, source: "map.unkt").apply(read.records, mode: .merge, dryRun: true, objects: objects, staged: read.staged)
        #expect(report.dryRun && report.added >= 3)
        #expect(try Attachments(store).attachments().isEmpty)
        #expect(try objects.hashes().isEmpty && (try objects.hashes(suffix: ".sealed")).isEmpty)
    }
}
