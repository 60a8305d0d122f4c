import Foundation
import Testing
import TaskerTestSupport

/// Docs are tests: every shell example in README.md and docs/*.md runs against the built binary in a
/// scratch home, and what a page shows it printing is what it prints (issue 44). The convention is in
/// `DocExample`; a block that cannot run here carries `no-run: REASON` in its fence and is listed.
@Suite struct DocExampleTests {
    /// The pages whose examples run: README.md and every docs/*.md.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: FixtureFile.repositoryRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static func examples(_ page: String) throws -> [DocExample] {
        let text = try String(contentsOf: FixtureFile.repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        return DocExample.examples(in: text, page: page)
    }

    /// The clock and zone every page runs with, so the times a page shows are the times it prints.
    static let clock = ["TASKER_NOW": "2026-12-02T10:30", "TZ": "Europe/London", "NO_COLOR": "1"]

    @Test func thePagesHaveExamplesAndEveryBlockNotRunSaysWhy() throws {
        var run = 0, commands = 0, notRun: [String] = []
        for page in Self.pages {
            for example in try Self.examples(page) {
                if let reason = example.notRunBecause {
                    #expect(!reason.isEmpty, "\(example): a no-run block must say why (```sh no-run: REASON)")
                    notRun.append("\(example): \(reason)")
                } else {
                    run += 1
                    commands += example.commands.count
                }
            }
        }
        print("doc examples: \(run) blocks (\(commands) commands) run, \(notRun.count) not run:")
        for line in notRun { print("  not run: \(line)") }
        #expect(run >= 15 && commands >= 100, "the pages lost their examples: \(run) blocks, \(commands) commands")
        #expect(notRun.count <= 15, "more blocks are marked no-run than the few that need a server, a key or a network")
    }

    /// A command written in a plain fence would not be tested: pages put commands in ```sh blocks.
    @Test(arguments: pages.filter { $0 != "docs/DESIGN.md" })  // DESIGN.md's plain blocks are diagrams
    func noCommandHidesInAPlainBlock(page: String) throws {
        let text = try String(contentsOf: FixtureFile.repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        var inBlock = false, plain = false
        for (number, line) in text.components(separatedBy: "\n").enumerated() where line.hasPrefix("```") || inBlock {
            if line.hasPrefix("```") {
                plain = !inBlock && line == "```"
                inBlock.toggle()
                continue
            }
            #expect(!(plain && line.hasPrefix("tasker ")), "\(page):\(number + 1): a command in a plain block: fence it as ```sh")
        }
    }

    @Test(arguments: pages) func everyExampleRuns(page: String) throws {
        let examples = try Self.examples(page).filter { $0.notRunBecause == nil }
        guard !examples.isEmpty else { return }
        let home = TemporaryDirectory("doc")
        let bin = home.folder("bin"), work = home.folder("work")
        // a script, not a symbolic link: the folder's cleanup chmods what it holds, and chmod follows links
        let launcher = bin + "/tasker"
        try "#!/bin/sh\nexec '\(TaskerBinary.url.path)' \"$@\"\n".write(toFile: launcher, atomically: true, encoding: .utf8)
        chmod(launcher, 0o755)
        let environment = Self.clock.merging(["HOME": home.folder("home"), "PATH": bin + ":/usr/bin:/bin"]) { a, _ in a }
        for example in examples {
            // `timeout` ends the block's whole process group: an example that would wait forever fails instead
            let result = try TaskerBinary.run(["120", "/bin/bash", "-c", example.script], input: Data(), environment: environment,
                                              executable: URL(fileURLWithPath: "/usr/bin/timeout"), directory: work)
            let run = DocExampleRun(output: result.stdout)
            #expect(run.steps.count == example.commands.count, "\(example): the block stopped early:\n\(result.stdout)")
            for (command, step) in zip(example.commands, run.steps) {
                #expect(step.status == command.expectedStatus && step.failures.isEmpty,
                        "\(page):\(command.line): `\(command.text)` exited \(step.status)\(step.failures.isEmpty ? "" : " (and \(step.failures) on the way)"), the page promises \(command.expectedStatus):\n\(step.output)")
            }
            if let expected = example.expectedOutput {
                #expect(Self.lines(run.output) == Self.lines(expected), "\(example): prints something else than the page shows:\n\(run.output)")
            }
        }
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
