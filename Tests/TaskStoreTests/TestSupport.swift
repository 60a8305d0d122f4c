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
    let base: TestStore
    var dir: TemporaryDirectory { base.directory }
    var clock: TestClock { base.clock }
    var store: TaskStore { base.store }
    var zone: TimeZone { base.zone }

    init(now: Date = at("2026-03-10T10:00"), zone: TimeZone = utc, bootstrap: Bool = true) throws {
        base = try TestStore(now: now, zone: zone, bootstrap: bootstrap)
    }

    /// Another connection to the same file.
    func reopen() throws -> TaskStore { try base.reopen() }

    @discardableResult
    func add(_ title: String, _ configure: (inout TaskDraft) -> Void = { _ in }) throws -> TaskItem {
        var draft = TaskDraft(title: title)
        configure(&draft)
        return try Tasks(store).createTask(draft)
    }
}

extension TitleMatch {
    var uniqueValue: Item? { if case .unique(let v) = self { v } else { nil } }
    var ambiguousValues: [Item]? { if case .ambiguous(let v) = self { v } else { nil } }
    var isNone: Bool { if case .none = self { true } else { false } }
}
