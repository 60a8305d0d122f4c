import Foundation
import TaskerTestSupport
import Testing
@testable import TaskREPL

/// `Fixtures/router/dialogue.table`: at least 200 look-alike questions and captures, at least 98% of
/// them routed as the table decides (issue 42); and the public irrelevance corpus, where no prompt
/// should be offered as a task (measured and held at the rate reached, not 100%).
@Suite struct DialogueActTableTests {
    /// What the chat makes of a line before it would capture it: a rule's name, an act, or capture.
    static func outcome(_ line: String, router: IntentRouter) -> String {
        if router.route(line).isConfident { return "rule " + (router.ruleName(for: line) ?? "?") }
        return DialogueAct.of(line)?.rawValue.replacingOccurrences(of: "taskQuestion", with: "tasks").replacingOccurrences(of: "acknowledgement", with: "ack") ?? "capture"
    }

    static func rows() throws -> (titles: [String], rows: [(line: Int, phrase: String, expected: String)]) {
        let text = try FixtureFile.text("router/dialogue.table")
        var titles: [String] = []
        var rows: [(Int, String, String)] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            if raw.hasPrefix("//") || raw.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if raw.hasPrefix("@tasks ") {
                titles = raw.dropFirst(7).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            guard let arrow = raw.range(of: " => ", options: .backwards) else { continue }
            rows.append((index + 1, String(raw[..<arrow.lowerBound]), String(raw[arrow.upperBound...])))
        }
        return (titles, rows)
    }

    @Test func lookAlikesAreRoutedAsDecided() throws {
        let (titles, rows) = try Self.rows()
        let router = RouterPhrasingTableTests.router(knowing: titles)
        var failures: [String] = []
        for row in rows {
            let got = Self.outcome(row.phrase, router: router)
            if got != row.expected { failures.append("dialogue.table:\(row.line) \"\(row.phrase)\": expected \(row.expected), got \(got)") }
        }
        let right = rows.count - failures.count
        print("dialogue.table: \(right)/\(rows.count) routed as decided" + failures.map { "\n  " + $0 }.joined())
        #expect(rows.count >= 200, "only \(rows.count) rows")
        #expect(right * 100 >= rows.count * 98, "\(right)/\(rows.count):\n\(failures.joined(separator: "\n"))")
        // Every line the issue quotes is a row and none of them may fail.
        let quoted = rows.prefix(19)
        #expect(quoted.allSatisfy { row in !failures.contains { $0.hasPrefix("dialogue.table:\(row.line) ") } }, "\(failures)")
    }

    /// The requests for information that start like a task (`DialogueAct.asksForInformation`) never
    /// take a real capture: no input of the parser fixtures (dictations, grammar cases, trap titles,
    /// all of them tasks) reads as one.
    @Test func noParserFixtureInputReadsAsARequestForInformation() throws {
        let inputs = try ParserFixtureInputs.all()
        let taken = inputs.filter { DialogueAct.asksForInformation($0.text) }
        #expect(inputs.count > 500)
        #expect(taken.isEmpty, "\(taken.map(\.description).joined(separator: "\n"))")
    }

    /// BFCL's irrelevance prompts (Fixtures/router/bfcl-irrelevance.tsv): how many the chat would
    /// offer as a task. The issue measured all but 4 offered before; the rules kept 572 of 1,124 out,
    /// and 719 since requests for information that start like a task are read too (`Find restaurants
    /// nearby`, `Get the weather in Paris`, `Retrieve…`, `help me`, `I'd like a cab`). The rest mostly
    /// start like a task or a wish (`I need a therapist`, `I want to book a flight`, `Remind me to text
    /// raj in 5 mins`), are one word (`air`, `Paris`) or another language, which a task manager keeps.
    /// The floor is that count.
    @Test func publicIrrelevancePromptsAreMostlyNotOfferedAsTasks() throws {
        let prompts = try FixtureFile.text("router/bfcl-irrelevance.tsv").components(separatedBy: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }.compactMap { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) }
        let router = RouterPhrasingTableTests.router(knowing: [])
        let captured = prompts.filter { Self.outcome($0, router: router) == "capture" }
        print("bfcl irrelevance: \(prompts.count - captured.count)/\(prompts.count) not offered as a task")
        if let path = ProcessInfo.processInfo.environment["TASKER_DUMP_CAPTURED"] {
            try captured.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(prompts.count == 1_124)
        #expect(prompts.count - captured.count >= 719, "\(captured.count) offered as tasks")
    }
}
