import Foundation
import TaskCLI
import TaskCore
import TaskNL

/// `tasker parse [--json] [--refine] TEXT…` and `tasker parse [--json] -`: the capture grammar on the
/// command line.
enum ParseCommand: Command {
    static let json = OptionSpec.flag("--json", "print one JSON object: title, due, priority, estimateMinutes, energy,\ncontexts, kind, recurrence, deferUntil, understood")
    static let refine = OptionSpec.flag("--refine", "also ask the configured model and print the merged draft(s)")

    static let signature = CommandSignature(
        name: "parse", summary: "read a sentence with the capture grammar and print the draft and chips",
        words: ["TEXT…", "-"], options: [json, refine],
        details: """
            Reads one sentence with the capture grammar (no model, nothing saved) and prints the task
            draft it gives and the chips it understood. The words of TEXT are joined by spaces.
            A line holding several tasks (`buy milk; call mom`, `… and also …`) prints each; with
            --json the object has the first task's fields plus a `drafts` array of all of them.

              -          read one sentence per line of standard input; with --json, print one
                         JSON object per line (JSON Lines), all in one process
              --         the words after it are text, even if they start with '-'

            The global --now ISO8601 and --tz ZONE fix the clock and time zone (a --now without an
            offset is wall-clock time in that zone).
            """,
        examples: [
            "tasker parse call mom tomorrow 5pm #family !high ~15m",
            "tasker parse --json --now 2026-12-02T10:30 --tz Europe/London pay rent by jun 1 urgent",
            #"printf 'buy milk tonight\nstandup every weekday 9:15am\n' | tasker parse --json -"#,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let json = arguments.has(Self.json), refine = arguments.has(Self.refine)
        let fromStdin = arguments.marksStandardInput
        let words = arguments.textWords
        if fromStdin && !words.isEmpty {
            throw UsageError("parse: give the sentence as words or '-' for standard input, not both")
        }
        if fromStdin && !refine { return parseLines(json: json, context) }
        let sentences: [String]
        if fromStdin {
            var lines: [String] = []
            let input = LineInput()
            while let line = input.nextLine(wait: true) { lines.append(try line.get()) }
            sentences = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        } else {
            let text = words.joined(separator: " ")
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError("parse: give a sentence, e.g. `tasker parse call mom tomorrow 5pm`, or '-' to read lines")
            }
            sentences = [text]
        }
        if refine { return try Self.refine(sentences, json: json, context) }
        let results = TaskNLParser().parseTasks(sentences[0], now: context.clock(), timeZone: context.timeZone)
        if json {
            context.output.out(Self.json(results, timeZone: context.timeZone).encoded())
        } else {
            context.output.text(summary(of: results, timeZone: context.timeZone))
        }
        return 0
    }

    /// `parse -`: one answer per input line, streamed as lines arrive. With --json, output line N
    /// answers input line N, always: a blank line gets its (empty) reading, a line that is not UTF-8
    /// gets `{"error": …, "line": N}` (and the exit status is 2). Lines end at `\n` only.
    ///
    /// Answers go out through one buffer, written when it fills and whenever no further line is
    /// waiting on stdin (so a script that sends a line and waits gets its answer), and line by line
    /// to a terminal.
    static func parseLines(json: Bool, _ context: CommandContext) -> Int32 {
        let parser = TaskNLParser()
        let zone = context.timeZone
        let moment = TaskNLParser.Moment(now: context.clock(), timeZone: zone)
        let input = LineInput()
        var out = OutputBuffer()
        if json { return parseJSONLines(input, &out, parser, moment) }
        var status: Int32 = 0
        var printed = 0
        while let line = input.nextLine(flushing: &out) {
            switch line {
            case .success(let sentence):
                if sentence.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                let results = parser.parseTasks(sentence, at: moment)
                if printed > 0 { out.line("") }
                out.line(TerminalText.sanitized(summary(of: results, timeZone: zone), as: .block))
                printed += 1
            case .failure(let invalid):
                status = 2
                out.flush()
                context.output.err("tasker: \(invalid)")
            }
        }
        out.flush()
        return status
    }

    /// Lines at once that wait in the input (a pipe full of them) from which the JSON path makes one batch.
    static let batchLines = 8_192
    /// A batch this long is split across the cores; a shorter one is not worth the threads.
    static let parallelLines = 512

    /// `--json`: one object per line, in input order. The lines already waiting in the input are
    /// parsed as one batch — split across the cores when it is long, each part written into its
    /// own bytes, then written in order — and a line that had to be waited for (a person, or a
    /// script that waits for each answer) is answered before the next one is read.
    static func parseJSONLines(_ input: LineInput, _ out: inout OutputBuffer, _ parser: TaskNLParser, _ moment: TaskNLParser.Moment) -> Int32 {
        let cores = max(1, min(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 8))
        var status: Int32 = 0
        // The parts' bytes live across batches: each batch writes into the capacity the last one
        // left, so the pages are touched once per run, not once per batch (13,000 page faults
        // in 200,000 lines before).
        let written = PartOutputs(count: min(cores * 4, batchLines / 128))
        defer { written.release() }
        while true {
            let batch = input.readyRawLines(limit: batchLines)
            if batch.ranges.isEmpty {
                out.flush()
                guard let line = input.nextLine(wait: true) else { break }
                var bytes: [UInt8] = []
                if !parse(line, number: input.lineNumber, parser, moment, into: &bytes) { status = 2 }
                out.lines(bytes)
                continue
            }
            // Several parts per core, taken in turn by whichever thread is free: a core that the
            // box gives to someone else for a moment holds back one small part, not half the batch.
            let count = batch.ranges.count
            let parts = count >= parallelLines ? min(cores * 4, count / 128) : 1
            let size = (count + parts - 1) / parts
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                var bytes: [UInt8] = []
                swap(&bytes, &written.slots[part])
                bytes.removeAll(keepingCapacity: true)
                bytes.reserveCapacity(size * 320)
                var ok = true
                batch.bytes.withUnsafeBufferPointer { all in
                    for index in (part * size)..<min(count, (part + 1) * size) {
                        let line = LineInput.decode(UnsafeBufferPointer(rebasing: all[batch.ranges[index]]), lineNumber: batch.firstNumber + index)
                        ok = parse(line, number: batch.firstNumber + index, parser, moment, into: &bytes) && ok
                    }
                }
                written.slots[part] = bytes
                written.failed[part] = !ok
            }
            for part in 0..<parts { out.lines(written.slots[part]) }
            if written.failed[..<parts].contains(true) { status = 2 }
        }
        out.flush()
        return status
    }

    /// One line's JSON and its newline into `bytes`; false for a line that is not text.
    private static func parse(_ line: Result<String, UTF8Input.Invalid>, number: Int, _ parser: TaskNLParser,
                              _ moment: TaskNLParser.Moment, into bytes: inout [UInt8]) -> Bool {
        defer { bytes.append(0x0A) }
        switch line {
        case .success(let sentence):
            let results = parser.parseTasks(sentence, at: moment)
            // One task (nearly every line): written straight into the bytes.
            if results.count == 1 {
                results[0].appendJSON(timeZone: moment.timeZone, to: &bytes)
            } else {
                Self.json(results, timeZone: moment.timeZone).appendEncoded(to: &bytes)
            }
            return true
        case .failure(let invalid):
            JSONValue.object(["error": .string(invalid.description), "line": .int(number)]).appendEncoded(to: &bytes)
            return false
        }
    }

    /// One slot of bytes per part of a batch: each part writes only its own slot, from its own thread.
    struct PartOutputs: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<[UInt8]>
        /// Whether the part held a line that is not text.
        let failed: UnsafeMutableBufferPointer<Bool>
        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: [])
            failed = .allocate(capacity: count)
            failed.initialize(repeating: false)
        }
        func release() {
            slots.deinitialize()
            slots.deallocate()
            failed.deallocate()
        }
    }

    /// One line's JSON object: the first task's fields, plus `drafts` (every task, in order) when the
    /// line holds several, so a caller that expects one task is unaffected.
    static func json(_ results: [ParseResult], timeZone: TimeZone) -> JSONValue {
        guard let first = results.first else { return .null }
        guard results.count > 1, case .object(var object) = first.json(timeZone: timeZone) else { return first.json(timeZone: timeZone) }
        object["drafts"] = .array(results.map { $0.json(timeZone: timeZone) })
        return .object(object)
    }

    /// The readable form of a line: one summary, or each of several numbered.
    static func summary(of results: [ParseResult], timeZone: TimeZone) -> String {
        guard results.count > 1 else { return results.first.map { summary(of: $0, timeZone: timeZone) } ?? "" }
        return results.enumerated().map { "\($0.offset + 1). " + summary(of: $0.element, timeZone: timeZone) }.joined(separator: "\n")
    }

    /// The readable form: the title, then each field that is set, then the chips. The title and
    /// each value are one line each, whatever they hold (`TerminalText`, line form).
    static func summary(of result: ParseResult, timeZone: TimeZone) -> String {
        let d = result.draft
        var lines = [TerminalText.sanitized(d.title)]
        func field(_ name: String, _ value: String) {
            lines.append("  \(name):".padding(toLength: 14, withPad: " ", startingAt: 0) + TerminalText.sanitized(value))
        }
        if let due = d.due { field("due", ISODate.format(due, in: timeZone)) }
        if d.priority != .normal { field("priority", d.priority.rawValue) }
        if let minutes = d.estimateMinutes { field("estimate", "\(minutes) min") }
        if let energy = d.energy { field("energy", energy.rawValue) }
        if !d.contexts.isEmpty { field("contexts", d.contexts.joined(separator: ", ")) }
        if let kind = d.kind { field("kind", kind.rawValue) }
        if let rule = d.recurrence { field("repeats", rule.json.encoded()) }
        if let day = d.deferUntil { field("starts", day.description) }
        let chips = result.understood.map { "[\($0.text)]" }.joined(separator: " ")
        field("understood", chips.isEmpty ? "nothing" : chips)
        return lines.joined(separator: "\n")
    }
}
