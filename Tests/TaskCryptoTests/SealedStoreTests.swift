import Foundation
import Testing
import TaskCore
import TaskCrypto
@testable import TaskStore
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
        _ = try Pages(store).createPage(title: "A", body: "alpha words")
        _ = try Pages(store).createPage(title: "B", body: "")
        #expect(try Sealing(store).sealingStatus() == .init(isOn: false, keyID: nil, sealedPages: 0, clearPages: 2))
        #expect(throws: TaskStoreError.self) { try Sealing(store).enableSealing() }
        store.sealer = crypto
        #expect(try Sealing(store).enableSealing() == .init(pageBodies: 2))
        #expect(try Sealing(store).enableSealing() == .init())
        #expect(try Sealing(store).sealingStatus() == .init(isOn: true, keyID: crypto.keyID, sealedPages: 2, clearPages: 0))
        // Another key is refused rather than mixing keys in one database.
        store.sealer = try TaskCrypto(key: try DataKey.random())
        #expect(throws: TaskStoreError.self) { try Sealing(store).enableSealing() }
    }

    @Test func resealMovesEveryBodyToTheNewKey() throws {
        let old = try DataKey.random(), new = try DataKey.random()
        let store = try open(try TaskCrypto(key: old))
        for n in 0..<20 { _ = try Pages(store).createPage(title: "P\(n)", body: "body \(n)") }
        try Sealing(store).enableSealing()
        #expect(try Sealing(store).reseal(with: try TaskCrypto(key: new, otherKeys: [old])).pageBodies == 20)
        #expect(try Sealing(store).sealingKeyID() == new.id)
        let onlyNew = try open(try TaskCrypto(key: new))
        #expect(try Pages(onlyNew).page(PageID(3)).body == "body 2")
        let onlyOld = try open(try TaskCrypto(key: old))
        #expect(throws: TaskStoreError.self) { try Pages(onlyOld).page(PageID(3)) }
    }

    @Test func searchSeesPagesAnotherConnectionWrote() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let reader = try open(crypto)
        _ = try Pages(reader).createPage(title: "Kitchen", body: "tiles")
        try Sealing(reader).enableSealing()
        #expect(try Pages(reader).searchPages("tiles").map(\.page.title) == ["Kitchen"])
        let writer = try open(crypto)
        _ = try Pages(writer).appendToPage(PageID(1), markdown: "grout")
        _ = try Pages(writer).createPage(title: "Garden", body: "tulips and grout")
        #expect(try Pages(reader).searchPages("grout").map(\.page.title).sorted() == ["Garden", "Kitchen"])
        // Its own writes too.
        _ = try Pages(reader).createPage(title: "Shed", body: "paint")
        #expect(try Pages(reader).searchPages("paint").map(\.page.title) == ["Shed"])
    }

    @Test func aLockedStoreNeverShowsOrWritesBodies() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try open(crypto)
        _ = try Pages(store).createPage(title: "Kitchen", body: "tiles")
        try Sealing(store).enableSealing()
        let locked = try open(nil)
        locked.keyUnavailable = "no key here"
        let page = try Pages(locked).page(PageID(1))
        #expect(page.isLocked && page.body.isEmpty)
        #expect(throws: TaskStoreError.sealed("this page is sealed and the data key is not available, so nothing was added: no key here")) {
            try Pages(locked).appendToPage(PageID(1), markdown: "more")
        }
        #expect(throws: TaskStoreError.self) { try Pages(locked).createPage(title: "New", body: "clear?") }
        #expect(throws: TaskStoreError.self) { try RecordSets(locked).records() }
        #expect(try Pages(locked).pages().map(\.title) == ["Kitchen"])
        #expect(try SealedSearch(locked).notice()?.contains("no key here") == true)
    }

    // MARK: Task and project notes

    func draft(_ title: String, notes: String?, recurring: Bool = false) -> TaskDraft {
        var d = TaskDraft(title: title)
        d.notes = notes
        if recurring { d.recurrence = RecurrenceRule(frequency: .daily) }
        return d
    }

    func change(_ edit: (inout TaskUpdate) -> Void) -> TaskUpdate {
        var u = TaskUpdate()
        edit(&u)
        return u
    }

    @Test func enableSealsTaskAndProjectNotesAndOpensThemWithTheKey() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try open(nil)
        _ = try Tasks(store).createTask(draft("Tiles", notes: "forty two euros"))
        _ = try Tasks(store).createTask(draft("Grout", notes: nil))
        _ = try Projects(store).createProject(name: "House", notes: "the blue one")
        _ = try Projects(store).createProject(name: "Garden")
        #expect(try Sealing(store).sealingStatus().clearNotes == 2)
        store.sealer = crypto
        #expect(try Sealing(store).enableSealing() == .init(taskNotes: 1, projectNotes: 1))
        #expect(try Sealing(store).sealingStatus() == .init(isOn: true, keyID: crypto.keyID, sealedPages: 0, clearPages: 0, sealedNotes: 2, clearNotes: 0))
        #expect(try Tasks(store).tasks(TaskQuery(filter: .all)).map(\.notes) == ["forty two euros", nil])
        #expect(try Projects(store).project(named: "House")?.notes == "the blue one")
        // New and edited notes are sealed too; records (exports) open them.
        let new = try Tasks(store).createTask(draft("Paint", notes: "anthracite"))
        _ = try Tasks(store).updateTask(new.id, change { $0.notes = "anthracite grey" })
        #expect(try RecordSets(store).records().tasks.compactMap(\.notes).sorted() == ["anthracite grey", "forty two euros"])
        #expect(try RecordSets(store).records().projects.first { $0.name == "House" }?.notes == "the blue one")
        let locked = try open(nil)
        #expect(try Sealing(locked).sealingStatus().sealedNotes == 3)
        #expect(try RecordSets(locked).records(sealedNotes: .withheld).tasks.filter(\.notesWithheld).count == 2)
        // Rotation re-seals notes too.
        let next = try TaskCrypto(key: try DataKey.random(), otherKeys: [crypto.key])
        #expect(try Sealing(store).reseal(with: next) == .init(taskNotes: 2, projectNotes: 1))
        let onlyNew = try open(try TaskCrypto(key: next.key))
        #expect(try Tasks(onlyNew).tasks(TaskQuery(filter: .all)).compactMap(\.notes).sorted() == ["anthracite grey", "forty two euros"])
        // With only the old key the notes stay sealed in each row; the list still answers.
        #expect(try Tasks(open(crypto)).tasks(TaskQuery(filter: .all)).allSatisfy { $0.notes == nil })
    }

    @Test func aLockedStoreKeepsNotesSealedAndRefusesNewOnes() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try open(crypto)
        try Sealing(store).enableSealing()
        let tiles = try Tasks(store).createTask(draft("Tiles", notes: "forty two euros"))
        let daily = try Tasks(store).createTask(draft("Water plants", notes: "the fern twice", recurring: true))
        let sub = try Tasks(store).createTask(draft("Sub", notes: "under tiles"))
        _ = try Tasks(store).updateTask(sub.id, change { $0.parent = .some(tiles.id) })
        _ = try Projects(store).createProject(name: "House", notes: "the blue one")

        let locked = try open(nil)
        locked.keyUnavailable = "no key here"
        let listed = try Tasks(locked).tasks(TaskQuery(filter: .all))
        #expect(listed.allSatisfy { $0.notesLocked && $0.notes == nil })
        #expect(try Projects(locked).project(named: "House")?.notesLocked == true)
        // Other fields change; the sealed notes stay as they were.
        _ = try Tasks(locked).updateTask(tiles.id, change { $0.priority = .high })
        _ = try Tasks(locked).completeTask(sub.id)
        // A new note, or a project with notes, is refused (never stored in clear).
        #expect(throws: TaskStoreError.sealed("task notes are sealed and the data key is not available, so nothing was written: no key here")) {
            try Tasks(locked).updateTask(tiles.id, change { $0.notes = "clear?" })
        }
        #expect(throws: TaskStoreError.self) { try Tasks(locked).updateTask(tiles.id, change { $0.notes = .some(nil) }) }
        #expect(throws: TaskStoreError.self) { try Tasks(locked).createTask(draft("New", notes: "clear?")) }
        #expect(throws: TaskStoreError.self) { try Projects(locked).createProject(name: "Shed", notes: "clear?") }
        _ = try Tasks(locked).createTask(draft("No notes", notes: nil))
        // A repeating task's next occurrence would need its notes sealed again: refused, nothing changed.
        #expect(throws: TaskStoreError.self) { try Tasks(locked).completeTask(daily.id) }
        #expect(try Tasks(locked).task(daily.id).status == .open)
        // Exports refuse with one sentence; sync's withheld records carry no notes.
        #expect(throws: TaskStoreError.sealed("task and project notes are sealed and the data key is not available, so they cannot be exported: no key here")) {
            try RecordSets(locked).records()
        }
        // Delete and restore while locked keep the sealed notes (same UUID).
        let deletion = try Tasks(locked).deleteTask(tiles.id, withSubtasks: true)
        try Tasks(locked).restore(deletion)

        #expect(try Tasks(store).task(tiles.id).notes == "forty two euros")
        #expect(try Tasks(store).task(tiles.id).priority == .high)
        #expect(try Tasks(store).task(sub.id).notes == "under tiles")
        #expect(try Tasks(store).task(sub.id).status == .done)
        #expect(try Tasks(store).task(daily.id).notes == "the fern twice")
        #expect(try Projects(store).project(named: "House")?.notes == "the blue one")
        // With the key, the repeating task completes and its next occurrence has the notes, sealed for its own row.
        let (_, next) = try Tasks(store).completeTask(daily.id)
        #expect(try next.map { try Tasks(store).task($0.id).notes } == "the fern twice")
        #expect(try Tasks(open(nil)).task(next?.id ?? TaskID(0)).notesLocked)
    }
}

/// A list where one task's sealed notes do not open (the bytes damaged) still answers: that one row
/// shows its notes locked, every other row is read as usual; the task alone says what is wrong.
@Suite struct DamagedSealedNoteTests {
    let directory = TemporaryDirectory("sealed-damaged")

    @Test func oneDamagedNoteLeavesTheListAnswering() throws {
        let crypto = try TaskCrypto(key: try DataKey.random())
        let store = try TaskStore(path: directory.path("t.sqlite"))
        try store.bootstrap()
        store.sealer = crypto
        try Sealing(store).enableSealing()
        var draft = TaskDraft(title: "Bank")
        draft.notes = "sort code 12-34-56"
        let bank = try Tasks(store).createTask(draft)
        draft = TaskDraft(title: "Dentist")
        draft.notes = "bring the card"
        _ = try Tasks(store).createTask(draft)
        let raw = try TaskStore(path: directory.path("t.sqlite"))
        try raw.db.execute("UPDATE tasks SET notes = X'01020304' WHERE id = \(bank.id.rawValue)")
        let listed = try Tasks(store).tasks(TaskQuery())
        #expect(listed.count == 2)
        #expect(listed.first { $0.title == "Bank" }?.notesLocked == true)
        #expect(listed.first { $0.title == "Dentist" }?.notes == "bring the card")
        #expect(throws: TaskStoreError.self) { try Tasks(store).task(bank.id) }
    }
}
