import Foundation

/// The Swift files under the repository's `Sources/`, for tests that hold the code to a rule by
/// reading it (one constant per rule, one type per name).
public enum SourceTree {
    /// One source file: its path relative to `Sources/` (`TaskCore/Dates/WallTime.swift`) and its text.
    public struct File: Sendable {
        public let path: String
        public let text: String

        /// The module the file belongs to: the first folder of its path.
        public var module: String { String(path.prefix { $0 != "/" }) }

        /// Its lines with comments removed: doc and line comments, and a trailing `// …` after code.
        public var codeLines: [(number: Int, code: String)] {
            text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("//") { return nil }
                let code = line.range(of: " // ").map { String(line[..<$0.lowerBound]) } ?? String(line)
                return (index + 1, code)
            }
        }
    }

    /// Every `.swift` file under `Sources/`, sorted by path. - Throws: when a file cannot be read.
    public static func swiftFiles() throws -> [File] {
        let sources = FixtureFile.repositoryRoot.appendingPathComponent("Sources").standardizedFileURL
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        let prefix = sources.path + "/"
        var files: [File] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            files.append(File(path: path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }
}
