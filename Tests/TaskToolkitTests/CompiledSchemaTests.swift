import Foundation
import Testing
import TaskCore
@testable import TaskToolkit

/// The schema read once per tool (`SchemaValidator.problem(with:forInputOf:)`, what `prepare` uses)
/// gives every tool's arguments the verdict that checking against its JSON schema gives.
@Suite struct CompiledSchemaTests {
    static let variants: [JSONValue] = [
        [:], ["title": "A"], ["title": 5], ["title": "  "], ["id": 3], ["id": "3"], ["id": 2.0], ["id": 2.5],
        ["title": "A", "bogus": true], ["zzz": 1, "aaa": 2], ["filter": "today"], ["filter": "someday-ish"],
        ["limit": 0], ["limit": 1001], ["limit": 20], ["contexts": ["a", 5]], ["contexts": "a"],
        ["recurrence": ["frequency": "weekly", "weekdays": ["mon", "xyz"]]], ["recurrence": 5], ["recurrence": "every day"],
        ["title": "A", "due": nil], ["title": "A", "due": 7], ["text": "buy milk"], ["name": "Home", "latitude": 91, "longitude": 0],
        ["priority": "urgent"], ["estimate_minutes": -1], ["parent": ["x": 1]], ["remind": true], ["place_trigger": "arrive"],
        .array([]), .string("x"), .null,
    ]

    @Test func everyToolGetsTheSameVerdictBothWays() {
        for type in TaskToolkit.standardTools {
            for value in Self.variants {
                let direct = SchemaValidator.problem(with: value, against: type.definition.inputSchema)
                #expect(SchemaValidator.problem(with: value, forInputOf: type) == direct, "\(type.definition.name) \(value.encoded())")
                #expect(SchemaValidator.problem(with: value, forInputOf: type) == direct, "again, from the kept reading")
            }
        }
    }
}
