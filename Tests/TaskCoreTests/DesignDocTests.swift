import Foundation
import Testing
import TaskerTestSupport

/// docs/DESIGN.md is the one hop from a question to a file: every folder under Sources (a module, or a
/// folder inside one, as `TaskStore/Core/`) and every source file (by its name without .swift, .c or
/// .h, as the tables write it) is named there. A new file or folder fails this test until it is.
@Suite struct DesignDocTests {
    static let sources = FixtureFile.repositoryRoot.appendingPathComponent("Sources")
    static let design = FixtureFile.repositoryRoot.appendingPathComponent("docs/DESIGN.md")

    /// Every path below Sources, relative to it, with whether it is a folder.
    static func entries() throws -> [(path: String, isFolder: Bool)] {
        let keys: [URLResourceKey] = [.isDirectoryKey]
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: keys) else { return [] }
        var found: [(String, Bool)] = []
        let prefix = sources.standardizedFileURL.path + "/"
        for case let url as URL in walk {
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            found.append((path, try url.resourceValues(forKeys: Set(keys)).isDirectory == true))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    @Test func everySourceFolderIsNamed() throws {
        let text = try String(contentsOf: Self.design, encoding: .utf8)
        let folders = try Self.entries().filter { $0.isFolder && !$0.path.hasSuffix("include") }.map(\.path)
        #expect(folders.count > 30, "the walk found the modules and their folders")
        let missing = folders.filter { folder in
            folder.contains("/") ? !text.contains("`\(folder)/`") : !text.contains(folder)
        }
        #expect(missing.isEmpty, "docs/DESIGN.md names no \(missing.joined(separator: ", ")): add each to the Layout section")
    }

    @Test func everySourceFileIsNamed() throws {
        let text = try String(contentsOf: Self.design, encoding: .utf8)
        let files = try Self.entries().filter { entry in !entry.isFolder && [".swift", ".c", ".h"].contains { entry.path.hasSuffix($0) } }
        #expect(files.count > 400, "the walk found the sources")
        let missing = files.map(\.path).filter { path in
            let file = (path as NSString).lastPathComponent
            let name = file == "main.swift" ? path : (file as NSString).deletingPathExtension
            return !Self.namesWord(text, name)
        }
        #expect(missing.isEmpty, "docs/DESIGN.md names no \(missing.joined(separator: ", ")): add each to its module's table")
    }

    /// Whether `name` stands in `text` as a word of its own (not inside a longer name).
    static func namesWord(_ text: String, _ name: String) -> Bool {
        var start = text.startIndex
        while let range = text.range(of: name, range: start..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            func isWordCharacter(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            start = range.upperBound
        }
        return false
    }
}
