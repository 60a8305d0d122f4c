import Foundation
import Testing
import TaskerTestSupport

/// docs/DESIGN.md checked the other way (issue 44): what it names exists, its module tree's arrows are
/// Package.swift's, and its modules are listed in an order where each imports only those above it.
extension DesignDocTests {
    static let root = FixtureFile.repositoryRoot

    /// Each target of Package.swift with its declared dependencies, read from the manifest's text.
    static func targets() throws -> [String: [String]] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:[^\[\)]*?dependencies:\s*\[([^\]]*)\])?"#)
        var targets: [String: [String]] = [:]
        for match in pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let name = String(manifest[Range(match.range(at: 1), in: manifest)!])
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            targets[name] = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }.filter { !$0.isEmpty }
        }
        return targets
    }

    /// The module tree's lines (`├─ TaskWeb   … → TaskToolkit, TaskAgent`): each module and its arrows.
    static func tree(_ text: String) -> [(module: String, arrows: [String]?)] {
        guard let heading = text.range(of: "## Modules"), let open = text.range(of: "```\n", range: heading.upperBound..<text.endIndex),
              let close = text.range(of: "```", range: open.upperBound..<text.endIndex) else { return [] }
        return text[open.upperBound..<close.lowerBound].components(separatedBy: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            let marks = ["├─ ", "└─ "]
            guard let mark = marks.first(where: trimmed.hasPrefix(_:)) ?? (trimmed.hasPrefix("tasker ") ? "" : nil) else { return nil }
            let rest = trimmed.dropFirst(mark.count)
            let module = String(rest.prefix { !$0.isWhitespace })
            let arrows = rest.range(of: "→ ").map { rest[$0.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            return (module, arrows)
        }
    }

    @Test func theModuleTreeIsPackageSwifts() throws {
        let text = try String(contentsOf: Self.design, encoding: .utf8)
        let targets = try Self.targets()
        let tree = Self.tree(text)
        #expect(tree.count > 15, "the tree's lines were found")
        let arrows = Dictionary(tree.map { ($0.module, $0.arrows ?? []) }) { a, _ in a }
        func reach(_ module: String) -> Set<String> {
            var seen: Set<String> = [], queue = arrows[module] ?? []
            while let next = queue.popLast() {
                guard seen.insert(next).inserted else { continue }
                queue += arrows[next] ?? []
            }
            return seen
        }
        for (module, drawn) in tree {
            let declared = try #require(targets[module], "docs/DESIGN.md's tree names \(module), which Package.swift does not declare")
            guard let drawn else {
                #expect(module == "tasker" || declared.isEmpty, "\(module) has dependencies in Package.swift but no arrow in the tree")
                continue
            }
            for target in drawn {
                #expect(declared.contains(target), "the tree draws \(module) → \(target); Package.swift has no such dependency")
            }
            let reached = reach(module)
            for dependency in declared where !reached.contains(dependency) {
                #expect(Bool(false), "\(module) depends on \(dependency) in Package.swift; the tree draws no path there")
            }
        }
        let modules = targets.keys.filter { $0.hasPrefix("Task") && !$0.hasSuffix("Tests") && $0 != "TaskerTestSupport" }
        for module in modules { #expect(arrows[module] != nil, "Package.swift's \(module) is missing from docs/DESIGN.md's tree") }
        for door in ["TaskMCP", "TaskREPL", "TaskWeb"] {
            #expect(Set(targets[door] ?? []).isDisjoint(with: ["TaskMCP", "TaskREPL", "TaskWeb"]), "the doors never import each other")
        }
    }

    /// "Modules are listed bottom up; a module may import only those above it in this list."
    @Test func theModulesAreListedBottomUp() throws {
        let text = try String(contentsOf: Self.design, encoding: .utf8)
        let targets = try Self.targets()
        let order = text.components(separatedBy: "\n").filter { $0.hasPrefix("### ") }
            .map { String($0.dropFirst(4).prefix { !$0.isWhitespace }) }.filter { targets[$0] != nil }
        #expect(order.count > 15)
        for (index, module) in order.enumerated() {
            let below = order[(index + 1)...]
            for dependency in targets[module] ?? [] where below.contains(dependency) {
                #expect(Bool(false), "docs/DESIGN.md lists \(module) above \(dependency), which it imports: move \(dependency)'s section up")
            }
        }
    }

    /// Every backticked type-like name (`ChatApprovals`, `ChatSession+Tools`) is a file or a type in
    /// Sources or Tests, and every backticked path into the repository (`Tools/AttachFile`,
    /// `Fixtures/caldav/`) exists. Placeholders in capitals (`FILE`, `TZ`) are not names.
    @Test func everyBacktickedNameResolves() throws {
        let text = try String(contentsOf: Self.design, encoding: .utf8)
        var files: Set<String> = [], folders: Set<String> = [], swift = ""
        for top in ["Sources", "Tests"] {
            let base = Self.root.appendingPathComponent(top)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
            for case let url as URL in walk {
                if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
                    folders.insert(url.lastPathComponent)
                } else {
                    files.insert(url.deletingPathExtension().lastPathComponent)
                    if url.pathExtension == "swift" { swift += try String(contentsOf: url, encoding: .utf8) }
                }
            }
        }
        let declaration = try NSRegularExpression(pattern: #"\b(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)"#)
        let types = Set(declaration.matches(in: swift, range: NSRange(swift.startIndex..., in: swift)).map { String(swift[Range($0.range(at: 1), in: swift)!]) })
        let targets = try Self.targets()
        let roots = ["Sources", "Tests", "Fixtures", "docs", "scripts", "prompts"]
        var unresolved: [String] = []
        var checked = 0
        var spans: [String] = [], fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.contains("````") { continue }
            if line.hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            spans += line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        // names from outside the repository: libraries, formats, other programs' terms
        let outside: Set<String> = ["SQLite", "KiB", "MiB", "BLAKE2b", "UDAs", "SimpleTask", "GeoClue2"]
        for span in spans {
            for word in span.split(whereSeparator: { " ,()".contains($0) }).map(String.init) {
                if word.range(of: #"^[A-Z][A-Za-z0-9]*(\+[A-Z][A-Za-z0-9]*)*$"#, options: .regularExpression) != nil,
                   word != word.uppercased(), word.filter(\.isUppercase).count >= 2, !outside.contains(word) {
                    checked += 1
                    let type = String(word.prefix { $0 != "+" })
                    if !files.contains(word) && !(word == type && (types.contains(word) || targets[word] != nil)) { unresolved.append(word) }
                } else if word.contains("/"), !word.contains("*"), !word.contains("<"),
                          let first = word.split(separator: "/").first.map(String.init), roots.contains(first) || folders.contains(first) {
                    checked += 1
                    let candidates = [word, "Sources/" + word]
                    let exists = candidates.contains { FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path) }
                    let last = word.split(separator: "/").last.map(String.init) ?? ""
                    if !exists && !(last.contains(".") ? false : files.contains(last) || folders.contains(last)) { unresolved.append(word) }
                }
            }
        }
        #expect(checked > 300, "the names were found (\(checked))")
        #expect(unresolved.isEmpty, "docs/DESIGN.md names what is not in the repository: \(Set(unresolved).sorted().joined(separator: ", "))")
    }
}
