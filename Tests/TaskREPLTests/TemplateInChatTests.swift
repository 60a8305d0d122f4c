import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Applying a template whose first tasks fall before now says so, with the way back.
@Suite struct TemplateInChatTests {
    @Test func aTemplateThatStartsInThePastSaysSo() throws {
        let h = try REPLHarness()
        let (session, out) = h.session(ScriptedLineReader(["trip packing template for friday", "/undo"]))
        session.run()
        #expect(out.text.contains("✓ Applied 'trip packing' from Fri 4 Dec"))
        #expect(out.text.contains("fall before now"), "trip packing starts a week before the trip")
        #expect(try h.tasks().isEmpty, "/undo takes every task of the template back")
    }
}
