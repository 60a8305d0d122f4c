import Foundation
import TaskCore
import TaskStore

/// A store on a fresh file in its own temporary folder, its clock a `TestClock` the test may move:
/// the one store-plus-clock every test target's fixture is built on.
public struct TestStore {
    public let directory: TemporaryDirectory
    public let clock: TestClock
    public let store: TaskStore
    public let zone: TimeZone

    /// - Parameters: `label` names the folder, `file` the database inside it; `bootstrap: false`
    ///   leaves the file as a bare migrated schema (no Inbox, stages or spaces).
    public init(_ label: String = "store", now: Date, zone: TimeZone, file: String = "tasks.sqlite", bootstrap: Bool = true) throws {
        directory = TemporaryDirectory(label)
        clock = TestClock(now)
        self.zone = zone
        let clock = self.clock
        store = try TaskStore(path: directory.path(file), clock: { clock.now }, timeZone: zone)
        if bootstrap { try store.bootstrap() }
    }

    /// Another connection to the same file, on the same clock and zone.
    public func reopen() throws -> TaskStore {
        let clock = self.clock
        return try TaskStore(path: store.path, clock: { clock.now }, timeZone: zone)
    }
}
