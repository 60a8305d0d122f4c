import Foundation

/// Runs the built `tasker` binary (the one `swift build` put beside the test bundle).
enum TaskerBinary {
    /// `.build/<config>/tasker`, found from the test bundle's location, or the binary
    /// `TASKER_TEST_BINARY` names: `TASKER_TEST_BINARY=.build/release/tasker swift test --skip-build
    /// --filter TaskerEndToEndTests` runs these tests against the release build (scripts/build-release).
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["TASKER_TEST_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardized
        }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("tasker")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/tasker").standardized
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output's bytes exactly (`stdout` repairs invalid UTF-8).
        var stdoutBytes = Data()
    }

    /// Runs tasker with `arguments`, feeding `stdin`, with a clean environment plus `environment`, in
    /// the folder `directory` (default: the test's own working directory).
    static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:], directory: String? = nil) throws -> Result {
        try run(arguments, input: Data(stdin.utf8), environment: environment, directory: directory)
    }

    /// Runs `sh -c script` with `$TASKER` set to the binary: for arguments Foundation cannot pass
    /// (bytes that are not UTF-8), built with the shell's `printf`.
    static func shell(_ script: String, input: Data = Data(), environment: [String: String] = [:]) throws -> Result {
        try run(["-c", script], input: input, environment: environment.merging(["TASKER": url.path]) { a, _ in a }, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// A tasker that exits before reading all its input (as a refused call does) must not kill the
    /// test process with SIGPIPE while the writer thread is still feeding it: writes fail instead.
    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN); return () }()

    /// Runs tasker (or `executable`) with `arguments`, feeding the bytes of `input`.
    static func run(_ arguments: [String], input: Data, environment: [String: String] = [:], executable: URL? = nil,
                    directory: String? = nil) throws -> Result {
        ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "Europe/London", "NO_COLOR": "1"]
        env.merge(environment) { _, new in new }
        process.environment = env
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        let writer = Thread {
            try? inPipe.fileHandleForWriting.write(contentsOf: input)
            try? inPipe.fileHandleForWriting.close()
        }
        writer.start()
        let errData = Box()
        let errReader = Thread { errData.data = errPipe.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errReader.isExecuting || !errReader.isFinished { usleep(1000) }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self), stdoutBytes: out)
    }

    private final class Box: @unchecked Sendable { var data = Data() }
}
