import Foundation
import Testing
@testable import TaskLLM

@Suite struct KeyStoreTests {
    static let secret = "sk-test-secret-123"

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func saveWritesOwnerOnlyFileInOwnerOnlyFolderAndLoadTrims() throws {
        let dir = try temporaryDirectory() + "/tasker"
        let store = KeyStore(directory: dir)
        #expect(try store.load() == nil)
        #expect(store.source == nil)
        try store.save("  \(Self.secret)\n")
        #expect(mode(dir) == 0o700)
        #expect(mode(store.keyPath) == 0o600)
        #expect(try store.load()?.value == Self.secret)
        #expect(store.source == .file(path: store.keyPath))
        #expect(try store.remove())
        #expect(!(try store.remove()))
        #expect(try store.load() == nil)
    }

    @Test func emptyKeyIsRefused() throws {
        let store = KeyStore(directory: try temporaryDirectory())
        #expect(throws: LLMError.key(problem: "the key is empty; nothing was saved")) { try store.save(" \n ") }
        #expect(!FileManager.default.fileExists(atPath: store.keyPath))
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660])
    func keyReadableByOthersIsRefusedWithTheFix(_ permissions: Int) throws {
        let store = KeyStore(directory: try temporaryDirectory())
        try store.save(Self.secret)
        chmod(store.keyPath, mode_t(permissions))
        do {
            _ = try store.load()
            Issue.record("accepted mode \(String(permissions, radix: 8))")
        } catch {
            #expect(error.description.contains("run `chmod 600 \(store.keyPath)`"))
            #expect(!error.description.contains(Self.secret))
        }
        chmod(store.keyPath, 0o600)
        #expect(try store.load()?.value == Self.secret)
        chmod(store.keyPath, 0o400)
        #expect(try store.load()?.value == Self.secret)
    }

    @Test func keyCommandRunsWithoutAShell() throws {
        let store = KeyStore(directory: try temporaryDirectory(), keyCommand: ["printf", "%s\\n", "sk-from-cmd; echo pwned"])
        #expect(try store.load()?.value == "sk-from-cmd; echo pwned")
        #expect(store.source == .command(argv: ["printf", "%s\\n", "sk-from-cmd; echo pwned"]))
    }

    @Test func failingKeyCommandDoesNotEchoItsOutput() throws {
        let store = KeyStore(directory: try temporaryDirectory(), keyCommand: ["sh", "-c", "echo sk-leaked; exit 3"])
        do {
            _ = try store.load()
            Issue.record("accepted")
        } catch {
            #expect(error.description == "key_command: 'sh' failed (status 3); run it yourself to see why")
        }
        let missing = KeyStore(directory: try temporaryDirectory(), keyCommand: ["no-such-password-manager"])
        #expect(throws: LLMError.self) { try missing.load() }
        let silent = KeyStore(directory: try temporaryDirectory(), keyCommand: ["true"])
        #expect(throws: LLMError.self) { try silent.load() }
    }

    private func failure(_ store: KeyStore) -> String? {
        do {
            _ = try store.load()
            return nil
        } catch {
            return error.description
        }
    }

    @Test func slowKeyCommandIsStoppedAtTheLimit() throws {
        let marker = try temporaryDirectory() + "/still-running"
        let store = KeyStore(directory: try temporaryDirectory(), keyCommand: ["sh", "-c", "echo sk-early; sleep 5; touch \(marker)"],
                             keyCommandTimeout: 0.3)
        let start = Date()
        #expect(failure(store) == "key_command `sh` took longer than 0.3 s; check it runs on its own")
        #expect(Date().timeIntervalSince(start) < 3)
        usleep(200_000)
        #expect(!FileManager.default.fileExists(atPath: marker))  // the child was stopped, not left running
    }

    @Test func keyCommandDoesNotGetTaskersInput() throws {
        let store = KeyStore(directory: try temporaryDirectory(), keyCommand: ["sh", "-c", "read line; echo \"$line\""], keyCommandTimeout: 5)
        let start = Date()
        #expect(failure(store) == "key_command: 'sh' printed nothing; it must print the key on stdout")
        #expect(Date().timeIntervalSince(start) < 3)
    }

    @Test func backgroundChildHoldingTheOutputCannotHangTasker() throws {
        let store = KeyStore(directory: try temporaryDirectory(), keyCommand: ["sh", "-c", "sleep 30 & echo sk-bg"], keyCommandTimeout: 0.3)
        let start = Date()
        #expect(failure(store) == "key_command `sh` took longer than 0.3 s; check it runs on its own")
        #expect(Date().timeIntervalSince(start) < 4)
    }

    @Test(arguments: [[String](), [""]])
    func emptyKeyCommandIsAClearError(_ argv: [String]) throws {
        let store = KeyStore(directory: try temporaryDirectory(), keyCommand: argv)
        #expect(failure(store)?.hasPrefix("key_command is empty; give the program and its arguments in config.json") == true)
    }

    @Test func apiKeyNeverDescribesItself() throws {
        let key = try #require(APIKey(Self.secret))
        #expect("\(key)" == "[key]")
        #expect(String(reflecting: key) == "[key]")
    }
}
