import Foundation
import TaskCore
import TaskToolkit
import TaskREPL

extension CommandContext {
    /// Runs one typed tool call for a short command and prints its result: the chat's rendering
    /// for a person, or the same JSON object as `tasker call` with `json`. A refusal (`ok:false`)
    /// is one line on stderr for a person and exits 1; in JSON it is printed like `tasker call`
    /// prints it, exit 0.
    func show<T: Tool>(_ call: T, json: Bool) throws -> Int32 {
        let toolkit = try makeToolkit()
        let outcome = try toolkit.run(call)
        if json {
            output.out(outcome.json(toolkit.format).encoded())
            return 0
        }
        switch outcome {
        case .done(let result):
            let renderer = TaskRenderer(useColor: output.useColor, timeZone: timeZone, now: clock())
            output.text(renderer.lines(for: result, format: toolkit.format).joined(separator: "\n"))
            return 0
        case .refused(let refusal):
            output.err(refusal.message)
            return 1
        }
    }
}
