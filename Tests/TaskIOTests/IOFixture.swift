import Foundation
import TaskCore
import TaskStore
import TaskerTestSupport

let utc = TimeZone(identifier: "UTC")!

func at(_ text: String) -> Date { ISODate.parse(text, in: utc)! }

/// A bootstrapped store on its own file in its own folder, with a fixed clock.
struct IOFixture {
    let base: TestStore
    var dir: TemporaryDirectory { base.directory }
    var store: TaskStore { base.store }

    init(now: Date = at("2026-03-10T10:00"), name: String = "tasks.sqlite") throws {
        base = try TestStore("io", now: now, zone: utc, file: name)
    }

    /// The object store that belongs to this fixture's database.
    var objects: ObjectStore { ObjectStore(directory: ObjectStore.directory(forDatabase: store.path)) }

    /// Attaches a new file holding `text` to `owner`.
    @discardableResult
    func attach(_ text: String, name: String, to owner: AttachmentOwner) throws -> TaskCore.Attachment {
        let path = dir.path("in-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return try Attachments(store).attachFile(path, name: name, to: owner, objects: objects).attachment
    }

    /// A store filled with every kind of record and field: a project, a space in it, tasks with every
    /// field (recurrence, subtasks, stage, another list, unknown fields), pages with labels and links.
    static func seeded() throws -> IOFixture {
        let f = try IOFixture()
        let s = f.store
        _ = try Projects(s).createList(name: "Errands")
        let project = try Projects(s).createProject(name: "Move house", notes: "boxes")
        _ = try Pages(s).createSpace(name: "Home", project: project.name)
        var draft = TaskDraft(title: "Pack books")
        draft.project = "Move house"
        let pack = try Tasks(s).createTask(draft)
        var sub = TaskDraft(title: "Buy tape")
        sub.parent = pack.id
        sub.contexts = ["errand", "shop"]
        sub.list = "Errands"
        _ = try Tasks(s).createTask(sub)
        var rent = TaskDraft(title: "Pay rent")
        rent.due = at("2026-03-31T09:00")
        rent.recurrence = RecurrenceRule(frequency: .monthly)
        rent.priority = .high
        rent.estimateMinutes = 10
        rent.energy = .quick
        rent.kind = .admin
        rent.notes = "line one\nline \"two\" — ü"
        rent.deferUntil = LocalDate(year: 2026, month: 3, day: 20)
        rent.remind = ReminderSetting(storageText: "30m")
        let rentTask = try Tasks(s).createTask(rent)
        var update = TaskUpdate()
        update.stage = .some("Next")
        _ = try Tasks(s).updateTask(rentTask.id, update)
        var dentist = TaskDraft(title: "Dentist")  // a date-only due
        dentist.dueDay = LocalDate(year: 2026, month: 3, day: 25)
        _ = try Tasks(s).createTask(dentist)
        let done = try Tasks(s).createTask(TaskDraft(title: "Old thing"))
        _ = try Tasks(s).completeTask(done.id)
        var stretch = TaskDraft(title: "Stretch")
        stretch.recurrence = RecurrenceRule(frequency: .daily)
        stretch.due = at("2026-03-10T07:00")
        _ = try Tasks(s).completeTask(try Tasks(s).createTask(stretch).id)  // a series with a done occurrence, for streaks
        let page = try Pages(s).createPage(title: "Packing list", space: "Home", body: "# Boxes\n\n- books\n", labels: ["move", "list"])
        _ = try Pages(s).linkPage(page.id, toTask: pack.id)
        _ = try Pages(s).linkPage(page.id, toProject: "Move house")
        // Unknown fields, as another program would leave them.
        var records = try RecordSets(s).records()
        let index = try require(records.tasks.firstIndex { $0.title == "Pack books" })
        records.tasks[index].extras = ["depends": .array(["a", "b"]), "tw_uda": .int(3)]
        try RecordSets(s).writeRecords(RecordSet(tasks: [records.tasks[index]]))
        return f
    }
}

struct MissingValue: Error {}

func require<T>(_ value: T?) throws -> T {
    guard let value else { throw MissingValue() }
    return value
}
