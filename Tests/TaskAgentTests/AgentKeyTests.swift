import Foundation
import Testing
@testable import TaskCore
import TaskStore
@testable import TaskAgent

@Suite struct AgentKeyTests {
    @Test func keysHaveTheDocumentedShapeAndAreDistinct() {
        let keys = (0..<200).map { _ in AgentKey.generate() }
        for key in keys {
            #expect(key.text.count == 4 + 8 + 1 + 43)
            #expect(key.text.hasPrefix("tkr_"))
            #expect(AgentKey(text: key.text) == key)
            #expect(!key.description.contains(key.secret))
        }
        #expect(Set(keys.map(\.secret)).count == keys.count)
        #expect(Set(keys.map(\.id)).count == keys.count)
    }

    @Test func malformedKeysAreRefused() {
        let good = AgentKey.generate().text
        for bad in ["", "tkr_", "tkr_abc_def", String(good.dropLast()), good + "x", good.replacingOccurrences(of: "tkr_", with: "tkx_"),
                    String(good.prefix(20)) + "-" + String(good.dropFirst(21)), good.replacingOccurrences(of: "_", with: "")] {
            #expect(AgentKey(text: bad) == nil, "\(bad)")
        }
    }

    @Test func base62CoversTheFull256Bits() {
        #expect(Base62.encode([UInt8](repeating: 0xFF, count: 32), length: 43).count == 43)
        #expect(Base62.encode([UInt8](repeating: 0, count: 32), length: 43) == String(repeating: "0", count: 43))
        #expect(Base62.encode([0, 61], length: 2) == "0z")
        #expect(Base62.encode([0, 62], length: 2) == "10")
    }

    @Test func sha256AndConstantTimeCompare() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.constantTimeEqual("abcd", "abcd"))
        #expect(!SHA256.constantTimeEqual("abcd", "abce"))
        #expect(!SHA256.constantTimeEqual("abcd", "abc"))
    }

    @Test func onlyTheHashIsStoredAndTheKeyAuthenticates() throws {
        let fixture = try AgentFixture()
        let (key, _) = try fixture.agent("claude", scopes: [.read, .writeTasks])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        #expect(bytes.range(of: Data(key.secret.utf8)) == nil)
        let agent = try AgentCredential.authenticate(key.text, in: fixture.store)
        #expect(agent.name == "claude")
        #expect(agent.policy(for: .read) == .allow)
        #expect(agent.policy(for: .writeTasks) == .ask)
        #expect(agent.policy(for: .destructive) == .deny)
        let forged = AgentKey(id: key.id, secret: AgentKey.generate().secret)
        #expect(throws: AgentAccessError.unknownKey) { try AgentCredential.authenticate(forged.text, in: fixture.store) }
        #expect(throws: AgentAccessError.malformedKey) { try AgentCredential.authenticate("Bearer nonsense", in: fixture.store) }
    }

    @Test func revokedRotatedAndExpiredKeysFailAtOnce() throws {
        let fixture = try AgentFixture()
        let (key, _) = try fixture.agent("a", expires: fixture.clock.now.addingTimeInterval(86_400))
        try Agents(fixture.store).revokeAgent(named: "a")
        #expect(throws: AgentAccessError.unusable(agent: "a", .revoked)) { try AgentCredential.authenticate(key.text, in: fixture.store) }
        let fresh = AgentKey.generate()
        try Agents(fixture.store).rotateAgent(named: "a", key: fresh)
        #expect(throws: AgentAccessError.unknownKey) { try AgentCredential.authenticate(key.text, in: fixture.store) }
        #expect(try AgentCredential.authenticate(fresh.text, in: fixture.store).name == "a")
        fixture.clock.advance(days: 2)
        #expect(throws: AgentAccessError.unusable(agent: "a", .expired)) { try AgentCredential.authenticate(fresh.text, in: fixture.store) }
        #expect(throws: TaskStoreError.agentNotFound("nobody")) { try Agents(fixture.store).revokeAgent(named: "nobody") }
        #expect(throws: TaskStoreError.duplicateName(kind: "agent", name: "a")) { try fixture.agent("a") }
    }
}
