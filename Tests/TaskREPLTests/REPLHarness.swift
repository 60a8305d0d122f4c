import Foundation
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskREPL

/// Wed 2 Dec 2026 10:30 in London.
let testNow = ISODate.parse("2026-12-02T10:30:00+00:00", in: TimeZone(identifier: "Europe/London")!)!
let london = TimeZone(identifier: "Europe/London")!

/// The real toolkit over a fresh SQLite file in a temporary folder, the clock fixed at `testNow`:
/// the chat is tested against what every other door uses, and checked by what is stored.
final class REPLHarness {
    let base: TestStore
    var directory: TemporaryDirectory { base.directory }
    let toolkit: TaskToolkit

    init() throws {
        base = try TestStore("repl", now: testNow, zone: london)
        toolkit = TaskToolkit(store: base.store, objects: ObjectStore(directory: base.directory.path("objects")))
    }

    /// Stores a task directly and returns its id.
    @discardableResult
    func add(_ title: String, contexts: [String] = [], due: String? = nil) throws -> Int64 {
        var draft = TaskDraft(title: title, contexts: contexts)
        draft.due = due.flatMap { ISODate.parse($0, in: london) }
        return try Tasks(toolkit.store).createTask(draft).id.rawValue
    }

    /// Every task, done ones included, in id order.
    func tasks() throws -> [TaskItem] {
        try Tasks(toolkit.store).tasks(TaskQuery(filter: .all, limit: 1000)).sorted { $0.id.rawValue < $1.id.rawValue }
    }

    func titles() throws -> [String] { try tasks().map(\.title) }

    func task(_ id: Int64) throws -> TaskItem { try Tasks(toolkit.store).task(TaskID(id)) }

    /// A session over this toolkit with a scripted reader and a buffer for its output.
    func session(_ reader: ScriptedLineReader, color: Bool = false, confirm: ConfirmPolicy = .writes,
                 model: ModelConversation? = nil, clock: @escaping @Sendable () -> Date = { testNow }) -> (ChatSession, BufferSink) {
        let sink = BufferSink()
        var settings = ChatSettings(useColor: color, timeZone: london, confirm: confirm)
        settings.keyStatus = { "no key set" }
        let session = ChatSession(toolkit: toolkit, reader: reader, output: sink, settings: settings, clock: clock, model: model)
        return (session, sink)
    }
}
