import TaskCore
import Testing
@testable import TaskToolkit

/// The listed output schema is the exact one cut down by one rule: envelopes kept, records to their
/// identifying members, a shape used twice written once under `$defs`.
@Suite struct ListedOutputSchemaTests {
    @Test func recordsKeepTheirIdentityAndEnvelopesTheirMembers() {
        let listed = CompleteTask.listedOutputSchema
        #expect(listed["required"] == ["ok"])
        #expect(listed["properties"]?["task"] == ["$ref": "#/$defs/task"])
        #expect(listed["properties"]?["next"] == ["anyOf": [["$ref": "#/$defs/task"], ["type": "null"]]])
        let task = listed["$defs"]?["task"]?["properties"]?.objectValue ?? [:]
        #expect(Set(task.keys) == ["id", "title", "due", "status"])
        #expect(PlanDay.listedOutputSchema["properties"]?["plan"]?["properties"]?["budget_minutes"] == ["type": "integer"], "a plan only groups: kept whole")
    }

    @Test(arguments: TaskToolkit.standardTools.map { $0.definition.name })
    func everyRefResolvesAndNoRecordCarriesMoreThanItsIdentity(_ name: String) throws {
        let tool = try #require(TaskToolkit.standardTools.first { $0.definition.name == name })
        let listed = tool.listedOutputSchema
        let defs = listed["$defs"]?.objectValue ?? [:]
        func walk(_ schema: JSONValue) {
            if let ref = schema["$ref"]?.stringValue { #expect(defs[String(ref.dropFirst("#/$defs/".count))] != nil, "\(name): \(ref)") }
            if let members = schema["properties"]?.objectValue {
                if members.keys.contains(where: { ["id", "title", "name"].contains($0) }) {
                    #expect(Set(members.keys).isSubset(of: ListedOutputSchema.identity), "\(name): \(members.keys.sorted())")
                }
                members.values.forEach(walk)
            }
            schema["items"].map(walk)
            (schema["anyOf"]?.arrayValue ?? []).forEach(walk)
        }
        (listed["properties"]?.objectValue ?? [:]).values.forEach(walk)
        defs.values.forEach(walk)
        #expect(tool.listedOutputProblem(with: ["ok": false, "error": "no task matches", "candidates": [["id": 1, "title": "a"]]]) == nil, "\(name): a refusal fits")
        #expect(tool.listedOutputProblem(with: ["ok": true, "status": "pending_approval", "approval_id": "apr_1", "message": "m"]) == nil,
                "\(name): a pending approval fits")
    }
}
