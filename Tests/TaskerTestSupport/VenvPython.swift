import Foundation

/// The Python in the repository's `.venv` (made by `scripts/setup --with-python`, with the MCP SDK,
/// icalendar and openpyxl), for tests that check a file with a real reader.
public enum VenvPython {
    public static let url = FixtureFile.repositoryRoot.appendingPathComponent(".venv/bin/python")

    /// Whether the .venv exists; a test that needs it records a loud issue naming the fix when not.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

    /// Runs the venv's Python with `arguments` (a script path, or `-c` and code) and returns its exit
    /// status and standard output (standard error is discarded). - Throws: when it cannot start.
    public static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        try run(url, arguments)
    }

    /// Runs one of the venv's programs (its Python, or a tool a package installed beside it) with
    /// `arguments`, and `environment` when given (else the test's own); returns its exit status and
    /// standard output (standard error is discarded). - Throws: when it cannot start.
    public static func run(_ program: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
