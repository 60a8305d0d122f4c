import Foundation
import TaskCore
import TaskStore
import TaskNL
import TaskREPL
import TaskToolkit

/// The chat REPL's figures on a database of 100,000 tasks (10,000 open): the time from starting
/// `tasker` to its prompt (the real binary on a pseudo-terminal), and each offline command through
/// the headless session (routing, the tool call, rendering).
enum REPLBenchmark {
    static func run() throws {
        // 1 in 4 tasks has #errands, done and open alike (open ones are i % 10 == 9).
        let database = try BenchmarkDatabase(name: "repl", errands: { $0 % 4 == 1 })
        defer { database.remove() }
        let (store, path, folder, zone, now) = (database.store, database.path, database.folder, BenchmarkDatabase.zone, BenchmarkDatabase.now)
        for i in 0..<40 { _ = try Tasks(store).createTask(TaskDraft(title: "Water plant \(i) in the hall")) }
        _ = try Tasks(store).createTask(TaskDraft(title: "Book optician"))
        _ = try Tasks(store).createTask(TaskDraft(title: "File returns"))
        _ = try Projects(store).createProject(name: "Kitchen")
        print("database: 100,000 tasks (10,000 open) at \(path)")

        if let startup = try startupMilliseconds(database: path, folder: folder) {
            report("start to prompt (tasker on a pty)", startup, target: 100)
        } else {
            print("start to prompt: skipped (no tasker binary beside tasker-bench)")
        }

        let toolkit = TaskToolkit(store: store)
        let reader = AnsweringReader()
        let session = ChatSession(
            toolkit: toolkit, reader: reader, output: NullSink(), settings: ChatSettings(useColor: true, timeZone: zone),
            clock: { now }, parser: toolkit.parser)
        var n = 0
        let commands: [(String, () -> String)] = [
            ("what's due today", { "what's due today" }),
            ("overdue", { "overdue" }),
            ("list #errands", { "list #errands" }),
            ("what's next", { "what's next" }),
            ("plan my day, 3 hours, focused", { "plan my day, 3 hours, focused" }),
            ("done water plant N in the hall", { n += 1; return "done water plant \(n) in the hall" }),
            ("move book optician to friday 3pm", { "move book optician to friday 3pm" }),
            ("defer file returns to monday", { "defer file returns to monday" }),
            ("projects", { "projects" }),
            ("capture + save (call mom …)", { "call mom tomorrow 5pm #family !high ~15m" }),
            ("/list today", { "/list today" }),
            ("/undo", { "/undo" }),
            ("Tab: done wa…", { "" }),
        ]
        let probe = RecordingSink()
        let shown = ChatSession(
            toolkit: toolkit, reader: reader, output: probe, settings: ChatSettings(useColor: false, timeZone: zone),
            clock: { now }, parser: toolkit.parser)
        for (name, line) in commands {
            let ms: Double
            probe.text = ""
            if name.hasPrefix("Tab") {
                ms = try ToolkitBenchmark.median(30) { _ = session.complete("done wa") }
            } else {
                ms = try ToolkitBenchmark.median(30) { session.handle(line()) }
                shown.handle(line())
            }
            report(name, ms, target: 20)
            if let first = probe.text.split(separator: "\n").first { print("      → \(first.trimmingCharacters(in: .whitespaces).prefix(70))") }
        }
        // The engine's share of the two slowest commands, called directly through the toolkit.
        report("  toolkit alone: list_tasks context", try ToolkitBenchmark.median(30) {
            _ = try toolkit.call("list_tasks", ["filter": "open", "context": "errands"])
        }, target: 20)
        report("  toolkit alone: plan_day 180 focused", try ToolkitBenchmark.median(30) {
            _ = try toolkit.call("plan_day", ["budget_minutes": 180, "energy": "focused"])
        }, target: 20)
    }

    /// Median of 5 launches of `tasker` on a pty: from spawn until "tasker> " is on the screen.
    static func startupMilliseconds(database: String, folder: URL) throws -> Double? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("tasker").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
        var samples: [Double] = []
        for _ in 0..<7 {
            let environment = ["TERM=xterm", "LANG=C.UTF-8", "TZ=Europe/London", "NO_COLOR=1", "HOME=\(folder.path)",
                               "XDG_STATE_HOME=\(folder.path)/state", "XDG_CONFIG_HOME=\(folder.path)/config"]
            guard let ms = PromptTimer.launch(binary, ["--db", database], environment: environment, until: "tasker> ") else { return nil }
            samples.append(ms)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func report(_ name: String, _ milliseconds: Double, target: Double) {
        ToolkitBenchmark.report(name, milliseconds, target: target)
    }
}

/// Answers Enter to every question (captures are saved).
private final class AnsweringReader: LineReader {
    var isInteractive: Bool { true }
    func readLine(prompt: String, initial: String) -> LineEvent { .line("") }
    func readAnswer(prompt: String, initial: String) -> LineEvent { .line("") }
    func readSecret(prompt: String) -> String? { nil }
    func bufferedLines() -> [String] { [] }
    func addHistory(_ line: String) {}
    func history() -> [String] { [] }
}

private final class RecordingSink: OutputSink {
    var text = ""
    func write(_ text: String) { self.text += text }
}

private final class NullSink: OutputSink {
    var count = 0
    func write(_ text: String) { count += text.utf8.count }
}
