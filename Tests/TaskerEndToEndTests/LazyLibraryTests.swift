import Foundation
import Testing
import TaskerTestSupport

/// The C libraries only some commands use are opened at first use (Sources/CLazyLoad): the real
/// binary, run with `LD_DEBUG=files` so the dynamic loader names every object it maps.
@Suite struct LazyLibraryTests {
    /// The sonames a command that talks to no server, keeps no key and writes no file format maps none of.
    static let lazySonames = [
        "libcurl.so", "libsecret-1.so", "libglib-2.0.so", "libsystemd.so", "libmicrohttpd.so", "libical.so",
        "libzip.so", "libxlsxwriter.so", "libedit.so", "libxml2.so", "libicuuc.so",
    ]

    let directory = TemporaryDirectory("lazy-libraries")

    /// The objects the loader mapped, from LD_DEBUG=files lines such as
    /// `  1234:	file=libc.so.6 [0];  needed by ./tasker [0]`.
    static func mapped(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " && $0 != "[" })
        }
    }

    @Test func listTasksMapsNoneOfTheLazyLibraries() throws {
        let env = ["TASKER_DB": directory.path("tasks.sqlite"), "LD_DEBUG": "files"]
        let created = try TaskerBinary.run(["call", "create_task", #"{"title": "Pay rent", "due": "today 17:00"}"#], environment: env)
        #expect(created.status == 0)
        let listed = try TaskerBinary.run(["call", "list_tasks", #"{"filter": "today"}"#], environment: env)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Pay rent"))
        let mapped = Self.mapped(listed.stderr)
        // The loader did report: libc is always a shared object, so it is mapped by name. (SQLite is
        // one too in the debug build, and linked in from its archive in the release build.)
        #expect(mapped.contains { $0.hasPrefix("libc.so") }, "LD_DEBUG=files named no objects: \(listed.stderr.prefix(300))")
        for soname in Self.lazySonames {
            #expect(!mapped.contains { $0.hasPrefix(soname) }, "call list_tasks mapped \(soname)")
        }
    }

    @Test func refineStillOpensLibcurlWhenItTalksToTheModel() throws {
        let server = try ScriptedModelServer([.json(body: Wire.completion(#"{"tasks": [{"source": "yeah basically buy milk", "title": "Buy milk"}]}"#))])
        let env = try modelEnvironment(server)
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "yeah basically buy milk"], environment: env.merging(["LD_DEBUG": "files"]) { _, new in new })
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""model":true"#) || result.stdout.contains(#""model" : true"#))
        #expect(Self.mapped(result.stderr).contains { $0.hasPrefix("libcurl.so.4") })
        #expect(server.requests.count == 1)
    }

    @Test func aMissingLibraryIsOneLineSayingWhatToInstall() throws {
        let server = try ScriptedModelServer([.json(body: Wire.completion(#"{"tasks": [{"source": "yeah basically buy milk", "title": "Buy milk"}]}"#))])
        var env = try modelEnvironment(server)
        env["TASKER_TEST_SONAME_OVERRIDE"] = "libcurl.so.4=libtasker-not-installed.so.9"
        let result = try TaskerBinary.run(["parse", "--refine", "--json", "yeah basically buy milk"], environment: env)
        #expect(result.status == 1)
        #expect(result.stderr == "tasker: libcurl.so.4 is not installed (needed for this command): install it with `apt-get install libcurl4`\n")
        #expect(server.requests.isEmpty)
    }

    /// A config naming the scripted server (loopback: no key needed).
    private func modelEnvironment(_ server: ScriptedModelServer) throws -> [String: String] {
        let home = directory.path("config")
        try FileManager.default.createDirectory(atPath: home + "/tasker", withIntermediateDirectories: true)
        try #"{"base_url": "\#(server.baseURL)", "model": "local-test"}"#.write(toFile: home + "/tasker/config.json", atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": home, "TASKER_NOW": "2026-12-02T10:30:00+00:00", "TASKER_DB": directory.path("tasks.sqlite")]
    }
}
