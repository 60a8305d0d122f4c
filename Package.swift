// swift-tools-version:6.0
// Tasker: a task manager you talk to. See README.md; Sources/README.md maps each behaviour to its file.
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
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CXlsx", pkgConfig: "xlsxwriter", providers: [.apt(["libxlsxwriter-dev"])]),
        .systemLibrary(name: "CICal", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),

        // The engine, bottom up. Arrows point down only.
        .target(name: "TaskCore"),
        .target(name: "TaskStore", dependencies: ["TaskCore", "CSQLite"]),
        .target(name: "TaskNL", dependencies: ["TaskCore"]),
        .target(name: "TaskIO", dependencies: ["TaskCore", "TaskStore", "CZip", "CXlsx"]),
        .target(name: "TaskToolkit", dependencies: ["TaskCore", "TaskStore", "TaskNL", "TaskIO"]),
        .target(name: "TaskMCP", dependencies: ["TaskCore", "TaskToolkit"]),
        .target(name: "TaskLLM", dependencies: ["TaskCore", "TaskNL", "CCurl"]),
        // Calendars (.ics files and URLs) read with libical into busy time: the only user of CICal.
        .target(name: "TaskCalendar", dependencies: ["TaskCore", "CICal"]),
        // The desktop over D-Bus (sd-bus): reminders as notifications, location from GeoClue. The only user of CSystemd.
        .target(name: "TaskDesktop", dependencies: ["TaskCore", "TaskStore", "TaskNL", "CSystemd"]),
        .target(name: "TaskREPL", dependencies: ["TaskCore", "TaskStore", "TaskNL", "TaskToolkit", "TaskLLM", "CEdit"]),

        // The doors: the command line (the only place that prints and exits) and the benchmarks.
        .executableTarget(
            name: "tasker",
            dependencies: ["TaskCore", "TaskStore", "TaskNL", "TaskToolkit", "TaskMCP", "TaskLLM", "TaskREPL", "TaskIO", "TaskCalendar", "TaskDesktop"]),
        .executableTarget(
            name: "tasker-bench",
            dependencies: ["TaskCore", "TaskStore", "TaskNL", "TaskToolkit", "TaskMCP", "TaskREPL", "TaskCalendar"]),

        // Fakes shared by the test targets: a scripted OpenAI-compatible server and its wire helpers.
        .target(name: "TaskerTestSupport", dependencies: ["TaskCore"], path: "Tests/TaskerTestSupport"),

        .testTarget(name: "TaskCoreTests", dependencies: ["TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskIOTests", dependencies: ["TaskIO", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskNLTests", dependencies: ["TaskNL", "TaskCore", "TaskerTestSupport"]),
        .testTarget(name: "TaskToolkitTests", dependencies: ["TaskToolkit", "TaskNL", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskMCPTests", dependencies: ["TaskMCP", "TaskToolkit", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskCalendarTests", dependencies: ["TaskCalendar", "TaskCore", "TaskLLM", "TaskerTestSupport"]),
        .testTarget(name: "TaskDesktopTests", dependencies: ["TaskDesktop", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        .testTarget(name: "TaskLLMTests", dependencies: ["TaskLLM", "TaskNL", "TaskCore", "TaskerTestSupport"]),
        .testTarget(name: "TaskREPLTests", dependencies: ["TaskREPL", "TaskToolkit", "TaskLLM", "TaskCore", "TaskStore", "TaskerTestSupport"]),
        // The command line's own types (signatures, global options, model setup), by `@testable import tasker`.
        .testTarget(name: "TaskerTests", dependencies: ["tasker", "TaskLLM", "TaskCore", "TaskerTestSupport"]),
        // Runs the built `tasker` binary: one-shot commands, MCP over stdio, the REPL in a pty.
        .testTarget(name: "TaskerEndToEndTests", dependencies: ["TaskCore", "TaskStore", "TaskerTestSupport"]),
    ]
)
