import Foundation
import Testing
import TaskerTestSupport

@Suite struct KeyCommandTests {
    static let secret = "sk-e2e-secret-9f8e7d"

    /// This test's folder, removed after it.
    let directory = TemporaryDirectory("key")

    /// A fresh config home inside it.
    private func configHome() throws -> String { directory.folder(UUID().uuidString) }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    /// The key typed as an argument by mistake, in every place a usage error could quote it.
    @Test(arguments: [
        ["key", "set", secret], ["key", secret], ["key", secret, "set"], ["key", "set", "--" + secret], ["key", "--key=" + secret, "set"],
        ["key", "set", "--", secret], ["key", "remove", secret], ["key", "status", secret], ["key", "-" + secret],
    ])
    func aKeyGivenAsAnArgumentIsNeverEchoed(_ arguments: [String]) throws {
        let home = try configHome()
        let result = try TaskerBinary.run(arguments, environment: ["XDG_CONFIG_HOME": home])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!result.stderr.contains(Self.secret) && !result.stdout.contains(Self.secret), "\(result.stderr)")
        #expect(!result.stderr.contains("e2e-secret"))
        #expect(result.stderr.contains("not shown") || result.stderr.contains("unknown"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home + "/tasker/key"), "nothing saved")
    }

    @Test func setStatusRemoveNeverShowTheKey() throws {
        let home = try configHome()
        let env = ["XDG_CONFIG_HOME": home]
        let set = try TaskerBinary.run(["key", "set"], stdin: "  \(Self.secret)\n", environment: env)
        #expect(set.status == 0)
        let keyPath = home + "/tasker/key"
        #expect(mode(keyPath) == 0o600)
        #expect(mode(home + "/tasker") == 0o700)
        #expect(try String(contentsOfFile: keyPath, encoding: .utf8) == Self.secret + "\n")
        let status = try TaskerBinary.run(["key", "status"], environment: env)
        #expect(status.status == 0)
        #expect(status.stdout.contains("key: set (\(keyPath))"))
        #expect(status.stdout.contains("endpoint: https://api.openai.com/v1"))
        #expect(status.stdout.contains("model: gpt-4o-mini"))
        #expect(status.stdout.contains("model path: on"))
        let remove = try TaskerBinary.run(["key", "remove"], environment: env)
        #expect(remove.status == 0)
        #expect(!FileManager.default.fileExists(atPath: keyPath))
        for result in [set, status, remove] {
            #expect(!result.stdout.contains(Self.secret))
            #expect(!result.stderr.contains(Self.secret))
        }
    }

    @Test func emptyKeyIsRefused() throws {
        let home = try configHome()
        let result = try TaskerBinary.run(["key", "set"], stdin: "\n  \n", environment: ["XDG_CONFIG_HOME": home])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the key is empty"))
        #expect(!FileManager.default.fileExists(atPath: home + "/tasker/key"))
    }

    @Test func groupReadableKeyIsRefusedWithTheChmodThatFixesIt() throws {
        let home = try configHome()
        let env = ["XDG_CONFIG_HOME": home]
        _ = try TaskerBinary.run(["key", "set"], stdin: Self.secret, environment: env)
        let keyPath = home + "/tasker/key"
        chmod(keyPath, 0o644)
        let status = try TaskerBinary.run(["key", "status"], environment: env)
        #expect(status.stdout.contains("run `chmod 600 \(keyPath)`"))
        #expect(status.stdout.contains("model path: off"))
        #expect(!status.stdout.contains(Self.secret))
    }

    @Test func environmentKeyIsIgnored() throws {
        let home = try configHome()
        let status = try TaskerBinary.run(["key", "status"], environment: ["XDG_CONFIG_HOME": home, "OPENAI_API_KEY": Self.secret])
        #expect(status.stdout.contains("key: not set"))
        #expect(status.stdout.contains("model path: off"))
        #expect(!status.stdout.contains(Self.secret))
    }

    @Test func keyCommandIsReportedWithoutRunningIt() throws {
        let home = try configHome()
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        try #"{"preset": "ollama", "key_command": ["pass", "show", "openai"]}"#.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8)
        let status = try TaskerBinary.run(["key", "status"], environment: ["XDG_CONFIG_HOME": home])
        #expect(status.stdout.contains("key: from key_command `pass show openai`"))
        #expect(status.stdout.contains("endpoint: http://127.0.0.1:11434/v1 (preset ollama)"))
    }

    @Test func keyCommandCannotReadTaskersInput() throws {
        let home = try configHome()
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        try #"{"base_url": "http://127.0.0.1:9/v1", "key_command": ["cat"]}"#.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8)
        let result = try TaskerBinary.run(["parse", "--refine", "buy milk"], stdin: Self.secret + "\n", environment: ["XDG_CONFIG_HOME": home])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Buy milk"))
        #expect(result.stderr.contains("key_command: 'cat' printed nothing; it must print the key on stdout"))
        #expect(!result.stdout.contains(Self.secret))
        #expect(!result.stderr.contains(Self.secret))
    }

    @Test func helpAndUsage() throws {
        let help = try TaskerBinary.run(["key", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("tasker key set"))
        #expect(help.stdout.contains("OPENAI_API_KEY"))
        let bad = try TaskerBinary.run(["key", "show"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown key action (not shown: it may be a secret") && bad.stderr.contains("use set, remove or status"))
    }
}
