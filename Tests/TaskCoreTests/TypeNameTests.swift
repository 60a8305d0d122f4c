import Foundation
import Testing
import TaskerTestSupport

/// One type per name: no two modules under `Sources/` declare the same top-level type, so a name
/// (`HTTPRequest`, `LineInput`, `ToolCall`) says which thing it is without its module.
@Suite struct TypeNameTests {
    /// A top-level declaration: at the start of a line, after attributes and modifiers.
    static let declaration = try! NSRegularExpression(
        pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|open|indirect|nonisolated)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#)

    static func declaredName(_ line: String) -> String? {
        guard let match = declaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
              let range = Range(match.range(at: 1), in: line) else { return nil }
        return String(line[range])
    }

    @Test func theDeclarationPatternReadsTopLevelTypesOnly() {
        #expect(Self.declaredName("public struct HTTPRequest: Sendable {") == "HTTPRequest")
        #expect(Self.declaredName("final class LineInput {") == "LineInput")
        #expect(Self.declaredName("@usableFromInline enum ToolCall {") == "ToolCall")
        #expect(Self.declaredName("public typealias Handler = (Int) -> Void") == "Handler")
        #expect(Self.declaredName("    struct Params: Equatable {") == nil, "a nested type may share its name with another's")
        #expect(Self.declaredName("extension HTTPRequest {") == nil)
        #expect(Self.declaredName("/// enum ToolCall in a comment") == nil)
    }

    @Test func noTwoModulesDeclareOneName() throws {
        let files = try SourceTree.swiftFiles()
        var modules: [String: Set<String>] = [:]
        for file in files {
            for (_, code) in file.codeLines {
                if let name = Self.declaredName(code) { modules[name, default: []].insert(file.module) }
            }
        }
        #expect(modules.count > 300, "the scan found the types (\(modules.count))")
        let shared = modules.filter { $0.value.count > 1 }.map { "\($0.key) (\($0.value.sorted().joined(separator: ", ")))" }.sorted()
        #expect(shared.isEmpty, "declared in more than one module: \(shared.joined(separator: "; ")); rename the one whose meaning differs")
    }
}
