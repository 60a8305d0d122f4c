import Foundation

/// The repository's top-level `Fixtures/` folder, found from this file's place in the source tree.
public enum FixtureFile {
    /// The repository's root folder.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    /// `Fixtures/<relative>`.
    public static func url(_ relative: String) -> URL {
        repositoryRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative).standardized
    }

    /// The text of `Fixtures/<relative>`. - Throws: when it cannot be read.
    public static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }
}
