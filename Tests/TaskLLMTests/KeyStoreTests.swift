import Foundation
import Testing
@testable import TaskLLM
import TaskerTestSupport

@Suite struct KeyStoreTests {
    static let secret = "sk-test-secret-123"

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func saveWritesOwnerOnlyFileInOwnerOnlyFolderAndLoadTrims() throws {
        let tmp = TemporaryDirectory("llm")
        let dir = tmp.path + "/tasker"
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
        let tmp = TemporaryDirectory("llm")
        let store = KeyStore(directory: tmp.path)
        #expect(throws: LLMError.key(problem: "the key is empty; nothing was saved")) { try store.save(" \n ") }
        #expect(!FileManager.default.fileExists(atPath: store.keyPath))
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660])
    func keyReadableByOthersIsRefusedWithTheFix(_ permissions: Int) throws {
        let tmp = TemporaryDirectory("llm")
        let store = KeyStore(directory: tmp.path)
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
        let tmp = TemporaryDirectory("llm")
        let store = KeyStore(directory: tmp.path, keyCommand: ["printf", "%s\\n", "sk-from-cmd; echo pwned"])
        #expect(try store.load()?.value == "sk-from-cmd; echo pwned")
        #expect(store.source == .command(argv: ["printf", "%s\\n", "sk-from-cmd; echo pwned"]))
    }

    @Test func failingKeyCommandDoesNotEchoItsOutput() throws {
        let tmp = TemporaryDirectory("llm")
        let store = KeyStore(directory: tmp.path, keyCommand: ["sh", "-c", "echo sk-leaked; exit 3"])
        do {
            _ = try store.load()
            Issue.record("accepted")
        } catch {
            #expect(error.description == "key_command: 'sh' failed (status 3); run it yourself to see why")
        }
        let missing = KeyStore(directory: tmp.folder("d2"), keyCommand: ["no-such-password-manager"])
        #expect(throws: LLMError.self) { try missing.load() }
        let silent = KeyStore(directory: tmp.folder("d3"), keyCommand: ["true"])
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
        let tmp = TemporaryDirectory("llm")
        let marker = tmp.path + "/still-running"
        let store = KeyStore(directory: tmp.folder("d2"), keyCommand: ["sh", "-c", "echo sk-early; sleep 5; touch \(marker)"],
                             keyCommandTimeout: 0.3)
        let start = Date()
        #expect(failure(store) == "key_command `sh` took longer than 0.3 s; check it runs on its own")
        #expect(Date().timeIntervalSince(start) < 3)
        usleep(200_000)
        #expect(!FileManager.default.fileExists(atPath: marker))  // the child was stopped, not left running
    }

    @Test func keyCommandDoesNotGetTaskersInput() throws {
        let tmp = TemporaryDirectory("llm")
        let store = KeyStore(directory: tmp.path, keyCommand: ["sh", "-c", "read line; echo \"$line\""], keyCommandTimeout: 5)
        let start = Date()
        #expect(failure(store) == "key_command: 'sh' printed nothing; it must print the key on stdout")
        #expect(Date().timeIntervalSince(start) < 3)
    }

    @Test func backgroundChildHoldingTheOutputCannotHangTasker() throws {
        let tmp = TemporaryDirectory("llm")
        let store = KeyStore(directory: tmp.path, keyCommand: ["sh", "-c", "sleep 30 & echo sk-bg"], keyCommandTimeout: 0.3)
        let start = Date()
        #expect(failure(store) == "key_command `sh` took longer than 0.3 s; check it runs on its own")
        #expect(Date().timeIntervalSince(start) < 4)
    }

    @Test(arguments: [[String](), [""]])
    func emptyKeyCommandIsAClearError(_ argv: [String]) throws {
        let tmp = TemporaryDirectory("llm")
        let store = KeyStore(directory: tmp.path, keyCommand: argv)
        #expect(failure(store)?.hasPrefix("key_command is empty; give the program and its arguments in config.json") == true)
    }

    @Test func apiKeyNeverDescribesItself() throws {
        let key = try #require(APIKey(Self.secret))
        #expect("\(key)" == "[key]")
        #expect(String(reflecting: key) == "[key]")
    }
}
