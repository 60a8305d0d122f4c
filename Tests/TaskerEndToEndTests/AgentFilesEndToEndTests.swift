import Foundation
import Testing
import TaskCore
import TaskerTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 30, item 1, through the real binary: an MCP client (keyless over stdio, an agent key over
/// stdio and over HTTP) names no host path. Every path argument is a file name inside its own
/// folder; nothing outside is read, written or overwritten, links are not followed, and no result
/// carries a host path. The owner's export files are private and `--output` never writes through a link.
@Suite struct AgentFilesEndToEndTests {
    let directory = TemporaryDirectory("agent-files")
    var db: String { directory.path("t.sqlite") }
    /// A file the owner cares about, outside every agent folder (a stand-in for ~/.bashrc).
    var bashrc: String { directory.path("home/.bashrc") }
    /// A secret outside every agent folder (a stand-in for ~/.ssh/id_rsa).
    var secret: String { directory.path("home/id_rsa") }
    static let secretLine = "BEGIN OPENSSH PRIVATE KEY do-not-leak"
    static let bashrcText = "alias ll='ls -l'\n"

    init() throws {
        directory.folder("home")
        try Self.bashrcText.write(toFile: bashrc, atomically: false, encoding: .utf8)
        try (Self.secretLine + "\n").write(toFile: secret, atomically: false, encoding: .utf8)
    }

    /// Where the binary runs: as deep as an agent's folder, so that a binary that resolved an agent's
    /// relative name against its working directory (as c4c31da did) would land `../../../home/.bashrc`
    /// on the stand-in in this test's folder, never on the machine's own /home.
    var workingDirectory: String { directory.folder("cwd/a/b") }
    /// HOME (so `~/.bashrc` is the stand-in) and TMPDIR inside this test's folder.
    var environment: [String: String] { ["HOME": directory.path("home"), "TMPDIR": directory.folder("tmp")] }

    /// An agent's own folder (`t.sqlite.agents/NAME/files`: the database is not named tasker.sqlite).
    func folder(_ agent: String) -> String { directory.path("t.sqlite.agents/\(agent)/files") }

    func tasker(_ arguments: [String], stdin: String = "") throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db, "--now", "2026-12-02T10:30"] + arguments, stdin: stdin, environment: environment, directory: workingDirectory)
    }

    /// A new agent with `scopes`, each allowed without asking unless listed in `ask`; its key.
    func addAgent(_ name: String, scopes: [String], ask: [String] = []) throws -> String {
        let added = try tasker(["agent", "add", name, "--scopes", scopes.joined(separator: ",")])
        #expect(added.status == 0, "\(added.stderr)")
        for scope in scopes where scope != "read" {
            #expect(try tasker(["agent", "policy", name, scope, ask.contains(scope) ? "ask" : "allow"]).status == 0)
        }
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `tasker mcp` over stdio (as the agent with `key`, or keyless), one tools/call per call; each
    /// call's structured result, and everything the client received.
    func stdio(key: String?, _ calls: [(String, JSONValue)]) throws -> (results: [JSONValue], received: String) {
        var lines = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#]
        for (index, call) in calls.enumerated() {
            let request: JSONValue = ["jsonrpc": "2.0", "id": .int(index + 1), "method": "tools/call", "params": ["name": .string(call.0), "arguments": call.1]]
            lines.append(request.encoded())
        }
        let run = try TaskerBinary.run(["--db", db, "--now", "2026-12-02T10:30", "mcp"], stdin: lines.joined(separator: "\n") + "\n",
                                       environment: environment.merging(key.map { ["TASKER_AGENT_KEY": $0] } ?? [:]) { _, key in key },
                                       directory: workingDirectory)
        let replies = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(replies.count == calls.count + 1, "\(run.stderr)")
        return (replies.dropFirst().map { $0["result"]?["structuredContent"] ?? $0 }, run.stdout)
    }

    /// The same calls over `tasker mcp --http` with the agent's key, in one session.
    func http(_ server: HTTPServerProcess, key: String, _ calls: [(String, JSONValue)]) throws -> (results: [JSONValue], received: String) {
        var headers = ["Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Authorization": "Bearer \(key)"]
        let hello = try RawHTTP.exchange(port: server.port, headers: headers, body: MCPHTTPEndToEndTests.initialize)
        let line = try #require(hello.text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("mcp-session-id:") })
        headers["MCP-Session-Id"] = line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        var results: [JSONValue] = []
        var received = hello.text
        for (index, call) in calls.enumerated() {
            let request: JSONValue = ["jsonrpc": "2.0", "id": .int(index + 10), "method": "tools/call", "params": ["name": .string(call.0), "arguments": call.1]]
            let reply = try RawHTTP.exchange(port: server.port, headers: headers, body: request.encoded())
            received += reply.text
            let body = try #require(reply.text.range(of: "\r\n\r\n").map { String(reply.text[$0.upperBound...]) })
            let message = try JSONValue.parse(body)
            results.append(message["result"]?["structuredContent"] ?? message)
        }
        return (results, received)
    }

    /// Nothing the client received names a host path: not the test's folder, not the agent folder.
    func expectNoHostPath(_ received: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!received.contains(directory.path), "a host path reached the agent: \(received)", sourceLocation: sourceLocation)
        #expect(!received.contains("stored_path"), sourceLocation: sourceLocation)
    }

    func refused(_ result: JSONValue) -> Bool {
        result["ok"] == false && result["error"]?.stringValue?.isEmpty == false && !(result["error"]?.stringValue ?? "").contains("\n")
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    /// The database still opens as a Tasker database with its task (not truncated, not todo.txt lines).
    func expectDatabaseIntact(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let header = try #require(FileManager.default.contents(atPath: db), sourceLocation: sourceLocation)
        #expect(header.starts(with: Data("SQLite format 3".utf8)), sourceLocation: sourceLocation)
        let list = try tasker(["call", "list_tasks"])
        #expect(list.status == 0 && list.stdout.contains("Water the plants"), "\(list.stderr)", sourceLocation: sourceLocation)
    }

    // MARK: export

    @Test func aReadAgentCannotExportOntoTheDatabaseOrAFileOutsideItsFolder() throws {
        #expect(try tasker(["call", "create_task", #"{"title": "Water the plants"}"#]).status == 0)
        let key = try addAgent("reader", scopes: ["read"])
        let attempts: [(String, JSONValue)] = [
            ("export_tasks", ["format": "todotxt", "path": .string(db)]),
            ("export_tasks", ["format": "unkt", "path": .string(db)]),
            ("export_tasks", ["format": "todotxt", "path": .string(bashrc)]),
            ("export_tasks", ["format": "taskwarrior", "path": "../../../home/.bashrc"]),
            ("export_tasks", ["format": "todotxt", "path": "~/.bashrc"]),
            ("export_tasks", ["format": "todotxt", "path": "../../../t.sqlite"]),
        ]
        let server = try HTTPServerProcess(database: db, environment: environment, directory: workingDirectory)
        let doors: [(String, (results: [JSONValue], received: String))] = [
            ("keyless stdio", try stdio(key: nil, attempts)),
            ("agent over stdio", try stdio(key: key, attempts)),
            ("agent over HTTP", try http(server, key: key, attempts)),
        ]
        for (door, answer) in doors {
            for (index, result) in answer.results.enumerated() {
                #expect(refused(result), "\(door): \(attempts[index].1) → \(result)")
            }
            expectNoHostPath(answer.received)
        }
        #expect(contents(bashrc) == Self.bashrcText, "~/.bashrc untouched")
        try expectDatabaseIntact()

        // Without a path: a new private file inside the agent's own folder, named relatively.
        let exported = try stdio(key: key, [("export_tasks", ["format": "todotxt"]), ("export_tasks", ["format": "todotxt"])])
        let names = exported.results.compactMap { $0["path"]?.stringValue }
        #expect(names.count == 2 && Set(names).count == 2, "\(exported.results)")
        for name in names {
            #expect(!name.contains("/") && name.hasPrefix("tasker-export-") && name.hasSuffix(".txt"))
            #expect(contents(folder("reader") + "/" + name)?.contains("Water the plants") == true)
            #expect(mode(folder("reader") + "/" + name) == 0o600)
        }
        #expect(mode(folder("reader")) == 0o700)
        expectNoHostPath(exported.received)
        // A name taken inside the folder is never overwritten.
        let again = try stdio(key: key, [("export_tasks", ["format": "todotxt", "path": .string(names[0])])])
        #expect(refused(again.results[0]) && again.results[0]["error"]?.stringValue?.contains("already exists") == true)
    }

    // MARK: reading files

    @Test func attachAndImportReadNothingOutsideTheFolder() throws {
        #expect(try tasker(["call", "create_task", #"{"title": "Water the plants"}"#]).status == 0)
        let key = try addAgent("writer", scopes: ["read", "write:tasks", "destructive"])
        let own = folder("writer")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)   // the owner puts files there
        #expect(symlink(secret, own + "/key.txt") == 0)
        #expect(mkfifo(own + "/pipe.txt", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: own + "/in", withIntermediateDirectories: false)
        #expect(symlink(directory.path("home"), own + "/home") == 0)
        let attempts: [(String, JSONValue)] = [
            ("attach_file", ["path": .string(secret), "task": 1]),
            ("attach_file", ["path": "/proc/self/environ", "task": 1]),
            ("attach_file", ["path": "../../../home/id_rsa", "task": 1]),
            ("attach_file", ["path": "key.txt", "task": 1]),
            ("attach_file", ["path": "home/id_rsa", "task": 1]),
            ("attach_file", ["path": "pipe.txt", "task": 1]),
            ("attach_file", ["path": "in", "task": 1]),
            ("import_tasks", ["path": .string(secret), "format": "todotxt"]),
            ("import_tasks", ["path": "key.txt", "format": "todotxt"]),
            ("import_tasks", ["path": "../../../home/id_rsa", "format": "todotxt"]),
        ]
        let server = try HTTPServerProcess(database: db, environment: environment, directory: workingDirectory)
        for answer in [try stdio(key: key, attempts), try http(server, key: key, attempts)] {
            for (index, result) in answer.results.enumerated() {
                #expect(refused(result), "\(attempts[index].1) → \(result)")
            }
            expectNoHostPath(answer.received)
        }
        let keyless = try stdio(key: nil, [("attach_file", ["path": .string(secret), "task": 1]), ("import_tasks", ["path": .string(secret), "format": "todotxt"])])
        #expect(keyless.results.allSatisfy { refused($0) }, "\(keyless.results)")
        let listed = try tasker(["call", "list_tasks", #"{"filter": "all"}"#])
        #expect(!listed.stdout.contains("do-not-leak") && listed.stdout.contains("Water the plants"))
        #expect(try tasker(["call", "list_attachments"]).stdout.contains(#""count":0"#))

        // A file inside the folder is read; the result names no host path.
        try "the lease, signed\n".write(toFile: own + "/in/lease.txt", atomically: false, encoding: .utf8)
        try "(A) Call the landlord\n".write(toFile: own + "/todo.txt", atomically: false, encoding: .utf8)
        let good = try stdio(key: key, [("attach_file", ["path": "in/lease.txt", "task": 1]), ("import_tasks", ["path": "todo.txt"]),
                                        ("list_attachments", [:])])
        #expect(good.results[0]["attachment"]?["name"] == "lease.txt", "\(good.results[0])")
        #expect(good.results[1]["added"] == 1, "\(good.results[1])")
        #expect(good.results[2]["count"] == 1)
        expectNoHostPath(good.received)
    }

    // MARK: writing copies

    @Test func openAttachmentWritesOnlyNewFilesInsideTheFolder() throws {
        #expect(try tasker(["call", "create_task", #"{"title": "Water the plants"}"#]).status == 0)
        let scan = directory.path("home/scan.txt")
        try "the scan\n".write(toFile: scan, atomically: false, encoding: .utf8)
        let attached = try tasker(["call", "attach_file", #"{"path": "\#(scan)", "task": 1}"#])
        #expect(attached.stdout.contains("stored_path"), "the owner still sees where it is stored")
        let key = try addAgent("copier", scopes: ["read", "destructive"])
        let own = folder("copier")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        try "mine\n".write(toFile: own + "/taken.txt", atomically: false, encoding: .utf8)
        let authorized = directory.path("home/authorized_keys")
        #expect(symlink(authorized, own + "/link.txt") == 0)
        let attempts: [(String, JSONValue)] = [
            ("open_attachment", ["id": 1, "path": .string(authorized)]),
            ("open_attachment", ["id": 1, "path": "../../../home/authorized_keys"]),
            ("open_attachment", ["id": 1, "path": "taken.txt"]),
            ("open_attachment", ["id": 1, "path": "link.txt"]),
            ("open_attachment", ["id": 1, "path": "../files/../../../t.sqlite"]),
            ("open_attachment", ["id": 1]),
        ]
        let server = try HTTPServerProcess(database: db, environment: environment, directory: workingDirectory)
        for answer in [try stdio(key: key, attempts), try http(server, key: key, attempts), try stdio(key: nil, Array(attempts.prefix(2)))] {
            for (index, result) in answer.results.enumerated() {
                #expect(refused(result), "\(attempts[index].1) → \(result)")
            }
            expectNoHostPath(answer.received)
        }
        #expect(!FileManager.default.fileExists(atPath: authorized), "nothing written outside, not even through the link")
        #expect(contents(own + "/taken.txt") == "mine\n", "never overwritten")
        try expectDatabaseIntact()

        let copied = try stdio(key: key, [("open_attachment", ["id": 1, "path": "copy.txt"]), ("list_attachments", [:])])
        #expect(copied.results[0]["path"] == "copy.txt", "\(copied.results[0])")
        #expect(contents(own + "/copy.txt") == "the scan\n" && mode(own + "/copy.txt") == 0o600)
        #expect(copied.results[1]["attachments"]?.arrayValue?.first?["stored_path"] == nil && copied.results[1]["count"] == 1)
        expectNoHostPath(copied.received)
    }

    /// An approved call runs as the agent that asked: confined, however the owner decides.
    @Test func anApprovedCallStaysInsideTheAgentsFolder() throws {
        #expect(try tasker(["call", "create_task", #"{"title": "Water the plants"}"#]).status == 0)
        let scan = directory.path("home/scan.txt")
        try "the scan\n".write(toFile: scan, atomically: false, encoding: .utf8)
        #expect(try tasker(["call", "attach_file", #"{"path": "\#(scan)", "task": 1}"#]).status == 0)
        let key = try addAgent("asker", scopes: ["read", "destructive"], ask: ["destructive"])
        let target = directory.path("home/authorized_keys")
        let asked = try stdio(key: key, [("open_attachment", ["id": 1, "path": .string(target)])])
        let id = try #require(asked.results[0]["approval_id"]?.stringValue, "\(asked.results[0])")
        let approved = try tasker(["approve", id])
        #expect(approved.status == 1, "refused when run: \(approved.stdout)")
        #expect(approved.stderr.contains("host path"), "\(approved.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    // MARK: the owner's exports

    @Test func theOwnersDefaultExportIsPrivateAndOutputNeverFollowsALink() throws {
        #expect(try tasker(["call", "create_task", #"{"title": "Water the plants"}"#]).status == 0)
        let result = try JSONValue.parse(try tasker(["call", "export_tasks", #"{"format": "todotxt"}"#]).stdout)
        let path = try #require(result["path"]?.stringValue, "\(result)")
        #expect(!path.hasPrefix(directory.path("tmp/tasker-export-")) && !path.hasPrefix("/tmp/tasker-export-"))
        #expect(NewFile.folder(of: path) == directory.path("t.sqlite.exports"))
        #expect(mode(path) == 0o600 && mode(NewFile.folder(of: path)) == 0o700)
        #expect(contents(path)?.contains("Water the plants") == true)
        let second = try JSONValue.parse(try tasker(["call", "export_tasks", #"{"format": "todotxt"}"#]).stdout)
        #expect(second["path"]?.stringValue != path, "a new unpredictable name each time")

        // --output onto a symbolic link: refused without --force; with it the link is replaced, its target untouched.
        let link = directory.path("out.txt")
        #expect(symlink(bashrc, link) == 0)
        for option in [["--todotxt", "--output", link], ["--unkt", link], ["--xlsx", link]] {
            let refused = try tasker(["export"] + option)
            #expect(refused.status == 1 && refused.stderr.contains("already exists") && refused.stderr.contains("--force"), "\(refused.stderr)")
            #expect(contents(bashrc) == Self.bashrcText)
        }
        let forced = try tasker(["export", "--todotxt", "--output", link, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(contents(bashrc) == Self.bashrcText, "the link's target is never written")
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && contents(link)?.contains("Water the plants") == true)
        // An existing plain file is not replaced without --force either; the umask decides the mode.
        let plain = try tasker(["export", "--todotxt", "--output", link])
        #expect(plain.status == 1)
        let fresh = directory.path("fresh.txt")
        #expect(try tasker(["export", "--todotxt", "--output", fresh]).status == 0)
        #expect(mode(fresh) == 0o666 & ~Self.umaskNow())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".tasker-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    static func umaskNow() -> mode_t {
        let current = umask(0o022)
        umask(current)
        return current
    }
}
