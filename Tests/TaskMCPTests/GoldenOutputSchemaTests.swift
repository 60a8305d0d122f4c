import Foundation
import Testing
import TaskCore
import TaskToolkit
import TaskerTestSupport

/// Every `structuredContent` in the golden transcripts (Fixtures/mcp/*.transcript) fits the output
/// schema of the tool that returned it (the exact one and the listed one), and `tools/list` there
/// lists the listed one.
@Suite struct GoldenOutputSchemaTests {
    static let fixtures = FixtureFile.url("mcp")

    /// Each transcript's `tools/call` requests with their replies, matched by id.
    static func calls(in name: String) throws -> [(tool: String, reply: JSONValue)] {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        var asked: [JSONValue: String] = [:]
        var calls: [(String, JSONValue)] = []
        for line in text.split(separator: "\n") {
            guard line.hasPrefix("> ") || line.hasPrefix("< "), let message = try? JSONValue.parse(String(line.dropFirst(2))),
                let id = message["id"]
            else { continue }
            if line.hasPrefix("> ") {
                if message["method"] == "tools/call", let tool = message["params"]?["name"]?.stringValue { asked[id] = tool }
            } else if let tool = asked[id], let result = message["result"] {
                calls.append((tool, result))
            }
        }
        return calls
    }

    @Test func everyStructuredContentFitsItsToolsOutputSchema() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".transcript") }.sorted()
        var checked = 0
        for name in names {
            for (toolName, reply) in try Self.calls(in: name) {
                guard let content = reply["structuredContent"] else { continue }
                let tool = try #require(TaskToolkit.standardTools.first { $0.definition.name == toolName }, "\(name): no tool \(toolName)")
                if let problem = tool.outputProblem(with: content) { Issue.record("\(name) \(toolName): \(problem)\n\(content.encoded())") }
                if let problem = tool.listedOutputProblem(with: content) { Issue.record("\(name) \(toolName), listed schema: \(problem)") }
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    @Test func toolsListInTheTranscriptsCarriesEachToolsOutputSchema() throws {
        for name in ["modern.transcript"] {
            let text = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
            let listed = text.split(separator: "\n").compactMap { line -> [JSONValue]? in
                guard line.hasPrefix("< "), let reply = try? JSONValue.parse(String(line.dropFirst(2))) else { return nil }
                return reply["result"]?["tools"]?.arrayValue
            }.first
            let tools = try #require(listed, "\(name) has no tools/list reply")
            #expect(tools.count == TaskToolkit.standardTools.count)
            for tool in TaskToolkit.standardTools {
                let entry = tools.first { $0["name"]?.stringValue == tool.definition.name }
                let same = entry?["outputSchema"] == tool.listedOutputSchema
                #expect(same, "\(name): \(tool.definition.name) lists another outputSchema")
            }
        }
    }
}
