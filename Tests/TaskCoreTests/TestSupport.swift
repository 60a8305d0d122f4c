import Foundation
@testable import TaskCore
@testable import TaskStore
import TaskerTestSupport

let utc = TimeZone(identifier: "UTC")!
let berlin = TimeZone(identifier: "Europe/Berlin")!

/// `2026-03-10T10:00:00` wall-clock in `zone`.
func at(_ text: String, _ zone: TimeZone = utc) -> Date { ISODate.parse(text, in: zone)! }

/// A bootstrapped store on its own file, with a movable clock (default: Tue 2026-03-10 10:00 UTC).
struct Fixture {
    let dir = TemporaryDirectory("store")
    let clock: TestClock
    let store: TaskStore
    let zone: TimeZone

    init(now: Date = at("2026-03-10T10:00"), zone: TimeZone = utc, bootstrap: Bool = true) throws {
        clock = TestClock(now)
        self.zone = zone
        let clock = self.clock
        store = try TaskStore(path: dir.path("tasks.sqlite"), clock: { clock.now }, timeZone: zone)
        if bootstrap { try store.bootstrap() }
    }

    /// Another connection to the same file.
    func reopen() throws -> TaskStore {
        let clock = self.clock
        return try TaskStore(path: store.path, clock: { clock.now }, timeZone: zone)
    }

    @discardableResult
    func add(_ title: String, _ configure: (inout TaskDraft) -> Void = { _ in }) throws -> TaskItem {
        var draft = TaskDraft(title: title)
        configure(&draft)
        return try store.createTask(draft)
    }
}

extension TitleMatch {
    var uniqueValue: Item? { if case .unique(let v) = self { v } else { nil } }
    var ambiguousValues: [Item]? { if case .ambiguous(let v) = self { v } else { nil } }
    var isNone: Bool { if case .none = self { true } else { false } }
}
