// swift-tools-version:6.0
// Tasker: a task manager you talk to. See README.md; docs/DESIGN.md maps each behaviour to its file.
import PackageDescription

let package = Package(
    name: "Tasker",
    products: [
        .executable(name: "tasker", targets: ["tasker"]),
        .executable(name: "tasker-bench", targets: ["tasker-bench"]),
    ],
    targets: [
        // C libraries from Debian: a module map and a shim header each, nothing else.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // C libraries opened with dlopen at first use (not linked), so a start maps only what its command
        // uses: the shim header plus one .c file of forwarders. The Debian -dev package gives the headers.
        .target(name: "CLazyLoad"),
        .target(name: "CCurl", dependencies: ["CLazyLoad"]),
        .target(name: "CEdit", dependencies: ["CLazyLoad"]),
        .target(name: "CZip", dependencies: ["CLazyLoad"]),
        .target(name: "CXlsx", dependencies: ["CLazyLoad"]),
        .target(name: "CICal", dependencies: ["CLazyLoad"]),
        .target(name: "CMicroHTTPD", dependencies: ["CLazyLoad"]),
        .target(name: "CSecret", dependencies: ["CLazyLoad"]),
        .target(name: "CSystemd", dependencies: ["CLazyLoad"]),
        .target(name: "CXML", dependencies: ["CLazyLoad"]),

        // The engine, bottom up. Arrows point down only.
        .target(name: "TaskCore"),
        .target(name: "TaskStore", dependencies: ["TaskCore", "CSQLite"]),
        // Sealed values (XChaCha20-Poly1305), the data key and where it is kept: the only user of CSodium and CSecret.
        .target(name: "TaskCrypto", dependencies: ["TaskCore", "CSodium", "CSecret"]),
        .target(name: "TaskNL", dependencies: ["TaskCore"]),
        .target(name: "TaskIO", dependencies: ["TaskCore", "TaskStore", "CZip", "CXlsx"]),
        .target(name: "TaskToolkit", dependencies: ["TaskCore", "TaskStore", "TaskNL", "TaskIO"]),
        // Agents: keys, policy, approvals and receipts around the catalogue (the AgentGate).
        .target(name: "TaskAgent", dependencies: ["TaskCore", "TaskStore", "TaskToolkit"]),
        // The local HTTP server both local doors use (libmicrohttpd: limits, timeouts; Host and Origin checks): the only user of CMicroHTTPD.
        .target(name: "TaskHTTPServer", dependencies: ["CMicroHTTPD"]),
        .target(name: "TaskMCP", dependencies: ["TaskCore", "TaskStore", "TaskToolkit", "TaskAgent", "TaskHTTPServer"]),
        // HTTP for every module that talks to a server (model, calendar subscriptions, CalDAV): the only user of CCurl.
        .target(name: "TaskHTTP", dependencies: ["CCurl"]),
        .target(name: "TaskLLM", dependencies: ["TaskCore", "TaskNL", "TaskHTTP"]),
        // Calendars (.ics files and URLs) read with libical into busy time: the only user of CICal.
        .target(name: "TaskCalendar", dependencies: ["TaskCore", "TaskHTTP", "CICal"]),
        // CalDAV sync of tasks (VTODO) behind the TaskSyncProvider seam; its 207 answers read with libxml2 (the only user of CXML).
        .target(name: "TaskSync", dependencies: ["TaskCore", "TaskStore", "TaskIO", "TaskHTTP", "TaskCalendar", "CXML"]),
        // The desktop over D-Bus (sd-bus): reminders as notifications, location from GeoClue. The only user of CSystemd.
        .target(name: "TaskDesktop", dependencies: ["TaskCore", "TaskStore", "TaskNL", "CSystemd"]),
        // The web door: `tasker web`'s page, session, CSRF and JSON endpoints over the same toolkit.
        .target(name: "TaskWeb", dependencies: ["TaskCore", "TaskStore", "TaskNL", "TaskToolkit", "TaskAgent", "TaskHTTPServer"]),
        .target(name: "TaskREPL", dependencies: ["TaskCore", "TaskStore", "TaskNL", "TaskToolkit", "TaskLLM", "TaskAgent", "CEdit"]),

        // The doors: the command line (the only place that prints and exits) and the benchmarks.
        // The command-line framework: a command's declared signature (parsing and help from one
        // declaration), output doors, line input and stop signals; knows no command of its own.
        .target(name: "TaskCLI", dependencies: ["TaskCore"]),
        .executableTarget(
            name: "tasker",
            dependencies: ["TaskCLI", "TaskCore", "TaskStore", "TaskNL", "TaskToolkit", "TaskMCP", "TaskLLM", "TaskREPL", "TaskIO", "TaskCalendar", "TaskAgent", "TaskSync", "TaskHTTP", "TaskCrypto", "TaskDesktop", "TaskHTTPServer", "TaskWeb"]),
        .executableTarget(
            name: "tasker-bench",
            dependencies: ["TaskCore", "TaskStore", "TaskNL", "TaskToolkit", "TaskMCP", "TaskREPL", "TaskCalendar", "TaskCrypto"]),

        // Fakes shared by the test targets: a scripted OpenAI-compatible server and its wire helpers, the store fixture.
        .target(name: "TaskerTestSupport", dependencies: ["TaskCore", "TaskStore"], path: "Tests/TaskerTestSupport"),

        .testTarget(name: "TaskCoreTests", dependencies: ["TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskStoreTests", dependencies: ["TaskStore", "TaskCore", "TaskerTestSupport"]),
        .testTarget(name: "TaskCryptoTests", dependencies: ["TaskCrypto", "TaskCore", "TaskStore", "TaskIO", "TaskerTestSupport"]),
        .testTarget(name: "TaskIOTests", dependencies: ["TaskIO", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskNLTests", dependencies: ["TaskNL", "TaskCore", "TaskerTestSupport"]),
        .testTarget(name: "TaskToolkitTests", dependencies: ["TaskToolkit", "TaskNL", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskAgentTests", dependencies: ["TaskAgent", "TaskToolkit", "TaskCore", "TaskStore", "TaskIO", "TaskerTestSupport"]),
        .testTarget(name: "TaskWebTests", dependencies: ["TaskWeb", "TaskHTTPServer", "TaskToolkit", "TaskNL", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskMCPTests", dependencies: ["TaskMCP", "TaskAgent", "TaskToolkit", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskCalendarTests", dependencies: ["TaskCalendar", "TaskCore", "TaskerTestSupport"]),
        .testTarget(name: "TaskSyncTests", dependencies: ["TaskSync", "TaskStore", "TaskCore", "TaskCalendar", "TaskHTTP", "TaskNL", "TaskToolkit", "TaskerTestSupport"]),
        .testTarget(name: "TaskHTTPTests", dependencies: ["TaskHTTP", "TaskerTestSupport"]),
        .testTarget(name: "TaskDesktopTests", dependencies: ["TaskDesktop", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskLLMTests", dependencies: ["TaskLLM", "TaskNL", "TaskCore", "TaskerTestSupport"]),
        .testTarget(name: "TaskREPLTests", dependencies: ["TaskREPL", "TaskToolkit", "TaskLLM", "TaskCore", "TaskStore", "TaskAgent", "TaskerTestSupport"]),
        // The command line's own types (signatures, global options, model setup), by `@testable import tasker`.
        .testTarget(name: "TaskCLITests", dependencies: ["TaskCLI", "TaskCore"]),
        .testTarget(name: "TaskerTests", dependencies: ["tasker", "TaskCLI", "TaskLLM", "TaskCore", "TaskToolkit", "TaskStore", "TaskCrypto", "TaskIO", "TaskerTestSupport"]),
        // Runs the built `tasker` binary: one-shot commands, MCP over stdio, the REPL in a pty.
        .testTarget(name: "TaskerEndToEndTests", dependencies: ["TaskCore", "TaskStore", "TaskerTestSupport"]),
    ]
)
