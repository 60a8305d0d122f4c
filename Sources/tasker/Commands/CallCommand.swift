import Foundation
import TaskCLI
import TaskCore
import TaskStore
import TaskToolkit

/// `tasker call TOOL [JSON]` and `tasker call TOOL --batch`: the tool catalogue from the shell.
enum CallCommand: Command {
    static let batch = OptionSpec.flag("--batch", "read one JSON object per stdin line, print one result per line")

    static let signature = CommandSignature(
        name: "call", summary: "run one tool with a JSON object of arguments; --batch for one object per stdin line",
        words: ["TOOL [JSON]"], options: [batch],
        details: """
            Runs one tool of the catalogue (see `tasker tools`) and prints its JSON result.
            The arguments are a JSON object given as the second word, or read from stdin when absent
            (or when it is `-`). With --batch, stdin holds one JSON object per line and stdout gets one
            result per line, all in one process (for scripts and bulk loading).

            Exit status: 0 when the call ran, even if the result is {"ok": false, …} (no matching task);
            2 for a malformed call (unknown tool, bad JSON, a missing or wrongly typed argument);
            1 when the database cannot be used. In --batch mode a malformed line prints
            {"ok": false, "error": …, "line": N} and the run goes on; the exit status is then 2.
            """,
        examples: [
            #"tasker call capture_task '{"text": "call mom tomorrow 5pm #family"}'"#,
            #"tasker call list_tasks '{"filter": "today"}'"#,
            #"tasker call complete_task '{"title": "call mom"}'"#,
            #"printf '%s\n' '{"title":"A"}' '{"title":"B"}' | tasker call create_task --batch"#,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let tool = arguments.words.first else { throw UsageError("call needs a tool name; run `tasker tools` to list them") }
        guard TaskToolkit.definition(named: tool) != nil else { throw ToolkitError.unknownTool(tool) }
        let rest = Array(arguments.words.dropFirst())
        if arguments.has(batch) {
            guard rest.isEmpty else { throw UsageError("call: --batch reads the JSON objects from stdin, one per line; give no JSON word") }
            return try runBatch(tool, context)
        }
        guard rest.count <= 1 else { throw UsageError("call takes one JSON object; quote it: tasker call \(tool) '{…}'") }
        // No JSON and a person at the keyboard: no arguments, rather than waiting silently for stdin.
        let typed = rest.first.flatMap { $0 == "-" ? nil : $0 }
        let text = try typed ?? (rest.isEmpty && isatty(STDIN_FILENO) == 1 ? "{}" : context.readStandardInput())
        let trimmed = text.trimmed()
        let arguments = trimmed.isEmpty ? JSONValue.object([:]) : try JSONValue.parse(trimmed)
        let toolkit = try context.makeToolkit()
        var result: [UInt8] = []
        result.reserveCapacity(4096)
        try call(tool, arguments, toolkit, appendingTo: &result)
        let compact = String(decoding: result, as: UTF8.self)
        // Indented for a person at a colour terminal: the same value read back (the compact form is exact).
        context.output.out(context.output.useColor ? try JSONValue.parse(compact).prettyEncoded() : compact)
        return 0
    }

    /// Runs one call. Arguments with a `client_id` (a string the caller chooses, unique per call) run
    /// once: the answer is kept with the id in the same transaction as the write, and a repeat of the
    /// same call answers it again with `"replayed": true` instead of writing twice. The same id with
    /// other arguments is refused. A refused call (`"ok": false`) keeps no key: it wrote nothing, and its
    /// repeat runs again against the world as it is then.
    /// Returns whether the call ran (false: refused, `{"ok": false, …}`).
    @discardableResult
    static func call(_ tool: String, _ arguments: JSONValue, _ toolkit: TaskToolkit, appendingTo out: inout [UInt8]) throws -> Bool {
        guard case .object(var fields) = arguments, let key = fields.removeValue(forKey: "client_id") else {
            return try toolkit.call(tool, arguments, appendingTo: &out)
        }
        guard case .string(let clientID) = key, !clientID.isEmpty else {
            throw ToolkitError.invalidArguments(tool: tool, message: "client_id must be a non-empty string, unique per call")
        }
        let rest = JSONValue.object(fields)
        let restText = rest.encoded()
        let (answer, ran): ([UInt8], Bool) = try toolkit.store.inOneTransaction {
            if let earlier = try ClientKeys(toolkit.store).find(tool: tool, clientID: clientID) {
                guard earlier.arguments == restText else {
                    throw ToolkitError.invalidArguments(
                        tool: tool, message: "client_id '\(clientID)' was already used for a call with other arguments; give each call its own client_id")
                }
                var replay = try JSONValue.parse(earlier.result)
                if case .object(var members) = replay {
                    members["replayed"] = .bool(true)
                    replay = .object(members)
                }
                var bytes: [UInt8] = []
                replay.appendEncoded(to: &bytes)
                return (bytes, true)
            }
            var bytes: [UInt8] = []
            let ran = try toolkit.call(tool, rest, appendingTo: &bytes)
            guard ran else { return (bytes, ran) }
            try ClientKeys(toolkit.store).record(tool: tool, clientID: clientID, arguments: restText, result: String(decoding: bytes, as: UTF8.self))
            return (bytes, ran)
        }
        out.append(contentsOf: answer)
        return ran
    }

    /// How many lines one transaction may take in --batch mode.
    /// (Larger groups write each index page once for more rows: 500 a group took ~10% longer at 100k lines.)
    static let linesPerTransaction = 5000

    /// The tools whose every effect is a row in the database, which `--batch` runs without a
    /// savepoint per line (see `runGroup`). Bulk loading is what they are batched for.
    static let toolsWithoutSavepoints: Set<String> = ["create_task", "capture_task"]

    /// One call per stdin line in one process; a bad line is reported on its own line and skipped.
    ///
    /// Lines already waiting on stdin (up to `linesPerTransaction`) run in one transaction, and their
    /// results are printed once it has committed: a printed result is always a stored one, and a
    /// script that writes one line and waits for its answer gets it at once. Results go out through
    /// one buffer, written before the next wait for input (and when it fills).
    private static func runBatch(_ tool: String, _ context: CommandContext) throws -> Int32 {
        let toolkit = try context.makeToolkit()
        let input = LineInput()
        var out = OutputBuffer()
        defer { out.flush() }
        var status: Int32 = 0
        var lineNumber = 0
        var group = BatchGroup()
        while let first = input.nextLine(flushing: &out) {
            var lines = [first]
            while lines.count < linesPerTransaction, let next = input.nextLine(wait: false) { lines.append(next) }
            let firstLine = lineNumber + 1
            do {
                do {
                    try runGroup(lines, from: firstLine, tool, toolkit, savepoints: !toolsWithoutSavepoints.contains(tool), into: &group)
                } catch is BatchGroup.Retry {
                    // A line failed after it had written: the group again, each line in its own savepoint.
                    try runGroup(lines, from: firstLine, tool, toolkit, savepoints: true, into: &group)
                }
            } catch {
                // Nothing of this group was stored; say which lines so a script can resume there.
                out.flush()
                for message in group.messages { context.output.err(message) }
                context.output.err("tasker: lines \(firstLine)–\(firstLine + lines.count - 1) were not saved (lines before them were)")
                throw error
            }
            for message in group.messages { context.output.err(message) }
            if group.failed { status = 2 }
            lineNumber += lines.count
            out.lines(group.results)
        }
        return status
    }

    /// One group's results (one line each, printed once it has committed) and its error messages.
    struct BatchGroup {
        var results: [UInt8] = []
        var messages: [String] = []
        var failed = false

        /// A line failed, or was refused, after it had changed the database, with no savepoint to undo it.
        struct Retry: Error {}
    }

    /// Runs one group of lines in one transaction.
    ///
    /// With `savepoints`, each store operation takes its own savepoint, so a line that fails half-way
    /// leaves nothing behind. Without, the savepoints (two page copies per touched page, a quarter of
    /// a bulk load) are skipped, and a line that fails or is refused after the database's change count
    /// moved throws `Retry`: the transaction is rolled back and the group runs again with savepoints,
    /// so what is stored, printed and said is what the savepoint run gives.
    private static func runGroup(_ lines: [Result<String, UTF8Input.Invalid>], from firstLine: Int, _ tool: String, _ toolkit: TaskToolkit,
                                 savepoints: Bool, into group: inout BatchGroup) throws {
        group = BatchGroup()
        group.results.reserveCapacity(lines.count * 512)
        try toolkit.store.inOneTransaction(savepoints: savepoints) {
            for (offset, line) in lines.enumerated() {
                let lineNumber = firstLine + offset
                let mark = group.results.count
                let changes = toolkit.store.totalChanges
                do {
                    let text = try line.get().trimmed(newlines: false)
                    if text.isEmpty { continue }
                    let ran = try call(tool, try JSONValue.parse(text), toolkit, appendingTo: &group.results)
                    if !ran && !savepoints && toolkit.store.totalChanges != changes { throw BatchGroup.Retry() }
                } catch let error as TaskStoreError {
                    throw error
                } catch let retry as BatchGroup.Retry {
                    throw retry
                } catch {
                    if !savepoints && toolkit.store.totalChanges != changes { throw BatchGroup.Retry() }
                    group.failed = true
                    group.results.removeSubrange(mark...)
                    JSONValue.object(["ok": false, "error": .string("\(error)"), "line": .int(lineNumber)]).appendEncoded(to: &group.results)
                    group.messages.append("tasker: line \(lineNumber): \(error)")
                }
                group.results.append(0x0A)
            }
        }
    }
}
