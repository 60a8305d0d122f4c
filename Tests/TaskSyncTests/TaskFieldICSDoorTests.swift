import Foundation
import Testing
import TaskCore
@testable import TaskSync

/// Sync's fields and the VTODO properties are the ones `TaskField` declares at the `sync` and `ics`
/// doors: each synced field is written by its declared property.
@Suite struct TaskFieldICSDoorTests {
    @Test func eachSyncedFieldIsWrittenByItsDeclaredProperty() {
        for (field, member) in TaskField.members(at: .sync) {
            let name = field.member(at: .ics)?.key
            #expect(VTodoMapping.properties.contains { $0.name == name && $0.reads.contains(member.key) }, "\(field): \(name ?? "no property")")
        }
    }

    @Test func theOtherDeclaredPropertiesAreTheObjectsEnvelope() {
        let written = Set(VTodoMapping.properties.map(\.name))
        #expect(Set(TaskField.members(at: .ics).map(\.member.key)).subtracting(written) == ["UID", "CREATED", "LAST-MODIFIED"])
    }
}
