import Foundation
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
    /// other arguments is refused.
    static func call(_ tool: String, _ arguments: JSONValue, _ toolkit: TaskToolkit, appendingTo out: inout [UInt8]) throws {
        guard case .object(var fields) = arguments, let key = fields.removeValue(forKey: "client_id") else {
            return try toolkit.call(tool, arguments, appendingTo: &out)
        }
        guard case .string(let clientID) = key, !clientID.isEmpty else {
            throw ToolkitError.invalidArguments(tool: tool, message: "client_id must be a non-empty string, unique per call")
        }
        let rest = JSONValue.object(fields)
        let restText = rest.encoded()
        let answer: [UInt8] = try toolkit.store.inOneTransaction {
            if let earlier = try toolkit.store.clientKey(tool: tool, clientID: clientID) {
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
                return bytes
            }
            var bytes: [UInt8] = []
            try toolkit.call(tool, rest, appendingTo: &bytes)
            try toolkit.store.recordClientKey(tool: tool, clientID: clientID, arguments: restText, result: String(decoding: bytes, as: UTF8.self))
            return bytes
        }
        out.append(contentsOf: answer)
    }

    /// How many lines one transaction may take in --batch mode.
    /// (Larger groups write each index page once for more rows: 500 a group took ~10% longer at 100k lines.)
    static let linesPerTransaction = 5000

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
        var results: [UInt8] = []
        while let first = input.nextLine(flushing: &out) {
            var lines = [first]
            while lines.count < linesPerTransaction, let next = input.nextLine(wait: false) { lines.append(next) }
            // The group's results, one line each, printed once the group has committed.
            results.removeAll(keepingCapacity: true)
            let firstLine = lineNumber + 1
            do { try toolkit.store.inOneTransaction {
                for line in lines {
                    lineNumber += 1
                    let mark = results.count
                    do {
                        let text = try line.get().trimmed(newlines: false)
                        if text.isEmpty { continue }
                        try call(tool, try JSONValue.parse(text), toolkit, appendingTo: &results)
                    } catch let error as TaskStoreError {
                        throw error
                    } catch {
                        status = 2
                        results.removeSubrange(mark...)
                        JSONValue.object(["ok": false, "error": .string("\(error)"), "line": .int(lineNumber)]).appendEncoded(to: &results)
                        context.output.err("tasker: line \(lineNumber): \(error)")
                    }
                    results.append(0x0A)
                }
            } } catch {
                // Nothing of this group was stored; say which lines so a script can resume there.
                out.flush()
                context.output.err("tasker: lines \(firstLine)–\(firstLine + lines.count - 1) were not saved (lines before them were)")
                throw error
            }
            out.lines(results)
        }
        return status
    }
}
