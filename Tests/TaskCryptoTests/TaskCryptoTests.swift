import Foundation
import Testing
import TaskCrypto
import TaskerTestSupport

@Suite struct TaskCryptoTests {
    @Test func sealedValuesOpenOnlyWhereTheyWereSealed() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let sealed = try crypto.seal("buy tiles for the kitchen", table: "pages", uuid: "u1", column: "body")
        #expect(sealed.first == 1)
        #expect(sealed.count == 1 + 24 + "buy tiles for the kitchen".utf8.count + 16)
        #expect(try crypto.open(sealed, table: "pages", uuid: "u1", column: "body") == "buy tiles for the kitchen")
        // Moved to another row, another column or another table: refused.
        #expect(throws: CryptoError.self) { try crypto.open(sealed, table: "pages", uuid: "u2", column: "body") }
        #expect(throws: CryptoError.self) { try crypto.open(sealed, table: "pages", uuid: "u1", column: "notes") }
        #expect(throws: CryptoError.self) { try crypto.open(sealed, table: "tasks", uuid: "u1", column: "body") }
        // Any flipped byte: refused.
        for index in [0, 5, 30, sealed.count - 1] {
            var altered = sealed
            altered[index] ^= 0x01
            #expect(throws: CryptoError.self) { try crypto.open(altered, table: "pages", uuid: "u1", column: "body") }
        }
        // Two seals of the same text differ (fresh nonce).
        #expect(try crypto.seal("x", table: "t", uuid: "u", column: "c") != crypto.seal("x", table: "t", uuid: "u", column: "c"))
    }

    @Test func anotherKeyDoesNotOpenButAnOtherKeySlotDoes() throws {
        let old = try DataKey.random(), new = try DataKey.random()
        let sealed = try TaskCrypto(key: old).seal("note", table: "tasks", uuid: "u", column: "notes")
        #expect(throws: CryptoError.self) { try TaskCrypto(key: new).open(sealed, table: "tasks", uuid: "u", column: "notes") }
        let rotating = try TaskCrypto(key: new, otherKeys: [old])
        #expect(try rotating.open(sealed, table: "tasks", uuid: "u", column: "notes") == "note")
        #expect(!rotating.opensWithCurrentKey(sealed, table: "tasks", uuid: "u", column: "notes"))
        #expect(rotating.keyID == new.id && old.id != new.id && new.id.count == 16)
    }

    @Test func keyTextRoundTripsAndNeverPrints() throws {
        let key = try DataKey.random()
        #expect(try DataKey(exportText: "  " + key.exportText + "\n") == key)
        #expect(!"\(key)".contains(String(key.exportText.dropFirst(19).prefix(12))))
        #expect(throws: CryptoError.self) { try DataKey(exportText: "tasker-data-key-v1:AAAA") }
        #expect(throws: CryptoError.self) { try DataKey(exportText: "not base64 at all!") }
    }

    @Test func keyFileIsOwnerOnlyAndRefusedWhenOthersCanRead() throws {
        let dir = TemporaryDirectory("datakey")
        let file = DataKeyFile(directory: dir.path("config/tasker"))
        #expect(try file.load() == nil)
        let key = try DataKey.random()
        try file.save(key)
        var info = stat()
        stat(file.path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        stat(file.directory, &info)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(try file.load() == key)
        chmod(file.path, 0o644)
        #expect {
            try file.load()
        } throws: { error in
            "\(error)".contains("readable by group or others") && "\(error)".contains("chmod 600")
        }
    }

    @Test func pendingKeyIsPromotedByOneRename() throws {
        let dir = TemporaryDirectory("datakey")
        let file = DataKeyFile(directory: dir.path("tasker"))
        let old = try DataKey.random(), new = try DataKey.random()
        try file.save(old)
        try file.savePending(new)
        #expect(try file.load() == old && file.loadPending() == new)
        #expect(try file.promotePending())
        #expect(try file.load() == new && file.loadPending() == nil)
        #expect(try !file.promotePending())
    }
}
