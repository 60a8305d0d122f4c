import Foundation
import Testing
import TaskerTestSupport

/// `tasker completion bash|zsh|fish`, each script run in its own shell against a real database:
/// commands, tool names after `call`, open task titles after `done` (issue 12).
@Suite struct CompletionTests {
    let directory = TemporaryDirectory("completion")
    var db: String { directory.path("tasks.sqlite") }

    /// The environment the shells run in: the built tasker first on PATH, the test database.
    var environment: [String: String] {
        let bin = TaskerBinary.url.deletingLastPathComponent().path
        return ["PATH": "\(bin):/usr/local/bin:/usr/bin:/bin", "TASKER_DB": db, "HOME": directory.path("home"),
                "TASKER_NOW": "2026-12-02T10:30", "TZ": "Europe/London"]
    }

    /// Saves two open tasks and one done, and writes the script for `shell`; returns its path.
    func prepare(_ shell: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory.path("home"), withIntermediateDirectories: true)
        for text in ["call mom tomorrow #family", "renew passport", "old chore"] {
            #expect(try TaskerBinary.run(["add", text], environment: environment).status == 0)
        }
        _ = try TaskerBinary.run(["done", "old chore"], environment: environment)
        let script = try TaskerBinary.run(["completion", shell], environment: environment)
        #expect(script.status == 0, "\(script.stderr)")
        let path = directory.path("tasker.\(shell)")
        try script.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func run(_ shell: String, _ arguments: [String]) throws -> TaskerBinary.Result {
        let executable = ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        return try TaskerBinary.run(arguments, input: Data(), environment: environment,
                                    executable: URL(fileURLWithPath: executable ?? "/usr/bin/\(shell)"))
    }

    static func installed(_ shell: String) -> Bool {
        ["/usr/bin/\(shell)", "/bin/\(shell)"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func titlesAreTheOpenTasks() throws {
        _ = try prepare("bash")
        let titles = try TaskerBinary.run(["completion", "titles"], environment: environment)
        #expect(titles.stdout == "Call mom\nRenew passport\n")
        let contexts = try TaskerBinary.run(["completion", "contexts"], environment: environment)
        #expect(contexts.stdout.contains("family"))
    }

    @Test(.enabled(if: installed("bash"))) func bash() throws {
        let script = try prepare("bash")
        func complete(_ words: String) throws -> [String] {
            let body = "source '\(script)'; COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tasker; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try run("bash", ["--norc", "-c", body])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete("tasker done Ca") == ["Call\\ mom"])
        #expect(try complete("tasker done ''") == ["Call\\ mom", "Renew\\ passport"])
        #expect(try complete("tasker call complete_") == ["complete_task"])
        #expect(try complete("tasker --db x.sqlite to").contains("today"))
        #expect(try complete("tasker add --dr") == ["--dry-run"])
        #expect(try complete("tasker completion z") == ["zsh"])
    }

    @Test(.enabled(if: installed("zsh"))) func zsh() throws {
        let script = try prepare("zsh")
        func complete(_ words: String) throws -> [String] {
            // compadd prints its candidates; the script's matching is zsh's own, so filter by prefix here.
            let body = """
                compdef() { :; }
                compadd() { while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift; print -rl -- "$@"; }
                source '\(script)'; words=(\(words)); CURRENT=${#words}; _tasker
                """
            let result = try run("zsh", ["-f", "-c", body])
            #expect(result.status == 0 || !result.stdout.isEmpty, "\(result.stderr)")
            let prefix = try #require(words.split(separator: " ").last).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            return result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
        }
        #expect(try complete("tasker done ''") == ["Call mom", "Renew passport"])
        #expect(try complete("tasker call complete_") == ["complete_task"])
        #expect(try complete("tasker pl").contains("plan"))
        #expect(try complete("tasker plan --j") == ["--json"])
    }

    @Test(.enabled(if: installed("fish"))) func fish() throws {
        let script = try prepare("fish")
        func complete(_ line: String) throws -> [String] {
            let result = try run("fish", ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("tasker done ") == ["Call mom", "Renew passport"])
        #expect(try complete("tasker done Re") == ["Renew passport"])
        #expect(try complete("tasker call complete_") == ["complete_task"])
        #expect(try complete("tasker to").contains("today"))
        #expect(try complete("tasker add --dry").contains("--dry-run"))
    }
}
