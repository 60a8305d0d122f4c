import Foundation
import Testing
import TaskCore
import TaskCrypto
import TaskStore
import TaskerTestSupport

/// The store with a real `TaskCrypto`: enable, reseal, the TEMP search index kept up to date when
/// another connection writes, and what a locked store refuses.
@Suite struct SealedStoreTests {
    let directory = TemporaryDirectory("sealed")
    var path: String { directory.path("t.sqlite") }

    func open(_ sealer: TaskCrypto?) throws -> TaskStore {
        let store = try TaskStore(path: path)
        try store.bootstrap()
        store.sealer = sealer
        return store
    }

    @Test func enableSealsWhatExistsOnceAndCountsIt() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try open(nil)
        _ = try store.createPage(title: "A", body: "alpha words")
        _ = try store.createPage(title: "B", body: "")
        #expect(try store.sealingStatus() == .init(isOn: false, keyID: nil, sealedPages: 0, clearPages: 2))
        #expect(throws: TaskStoreError.self) { try store.enableSealing() }
        store.sealer = crypto
        #expect(try store.enableSealing() == 2)
        #expect(try store.enableSealing() == 0)
        #expect(try store.sealingStatus() == .init(isOn: true, keyID: crypto.keyID, sealedPages: 2, clearPages: 0))
        // Another key is refused rather than mixing keys in one database.
        store.sealer = try TaskCrypto(key: try DataKey.random())
        #expect(throws: TaskStoreError.self) { try store.enableSealing() }
    }

    @Test func resealMovesEveryBodyToTheNewKey() throws {
        let old = try DataKey.random(), new = try DataKey.random()
        let store = try open(try TaskCrypto(key: old))
        for n in 0..<20 { _ = try store.createPage(title: "P\(n)", body: "body \(n)") }
        try store.enableSealing()
        #expect(try store.reseal(with: try TaskCrypto(key: new, otherKeys: [old])) == 20)
        #expect(try store.sealingKeyID() == new.id)
        let onlyNew = try open(try TaskCrypto(key: new))
        #expect(try onlyNew.page(PageID(3)).body == "body 2")
        let onlyOld = try open(try TaskCrypto(key: old))
        #expect(throws: TaskStoreError.self) { try onlyOld.page(PageID(3)) }
    }

    @Test func searchSeesPagesAnotherConnectionWrote() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let reader = try open(crypto)
        _ = try reader.createPage(title: "Kitchen", body: "tiles")
        try reader.enableSealing()
        #expect(try reader.searchPages("tiles").map(\.page.title) == ["Kitchen"])
        let writer = try open(crypto)
        _ = try writer.appendToPage(PageID(1), markdown: "grout")
        _ = try writer.createPage(title: "Garden", body: "tulips and grout")
        #expect(try reader.searchPages("grout").map(\.page.title).sorted() == ["Garden", "Kitchen"])
        // Its own writes too.
        _ = try reader.createPage(title: "Shed", body: "paint")
        #expect(try reader.searchPages("paint").map(\.page.title) == ["Shed"])
    }

    @Test func aLockedStoreNeverShowsOrWritesBodies() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try open(crypto)
        _ = try store.createPage(title: "Kitchen", body: "tiles")
        try store.enableSealing()
        let locked = try open(nil)
        locked.keyUnavailable = "no key here"
        let page = try locked.page(PageID(1))
        #expect(page.isLocked && page.body.isEmpty)
        #expect(throws: TaskStoreError.sealed("this page is sealed and the data key is not available, so nothing was added: no key here")) {
            try locked.appendToPage(PageID(1), markdown: "more")
        }
        #expect(throws: TaskStoreError.self) { try locked.createPage(title: "New", body: "clear?") }
        #expect(throws: TaskStoreError.self) { try locked.records() }
        #expect(try locked.pages().map(\.title) == ["Kitchen"])
        #expect(try locked.sealedSearchNotice()?.contains("no key here") == true)
    }
}
