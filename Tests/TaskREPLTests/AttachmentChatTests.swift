import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskREPL

/// /attach, /attachments, /open and /detach in the chat, with /undo.
@Suite struct AttachmentChatTests {
    @Test func attachToANamedTaskListOpenDetachAndUndo() throws {
        let h = try REPLHarness()
        try h.add("Dentist")
        let scan = h.directory.path("tooth scan.pdf")
        _ = FileManager.default.createFile(atPath: scan, contents: Data("%PDF".utf8))
        let copy = h.directory.path("copy.pdf")
        let (session, out) = h.session(ScriptedLineReader([
            "/attach \(scan) to dentist", "/attachments", "/open 1", "/open 1 \(copy)", "/detach 1", "/attachments dentist", "/undo", "/attachments",
        ]))
        session.run()
        let text = out.text
        #expect(text.contains("✓ Attached 'tooth scan.pdf' (4 bytes) to task #1 'Dentist'  id 1"), "\(text)")
        #expect(text.contains("  1  tooth scan.pdf  4 bytes  task #1 'Dentist'"))
        #expect(text.contains("'tooth scan.pdf' is stored at \(h.directory.path("objects"))/"))
        #expect(text.contains("✓ Wrote 'tooth scan.pdf' to \(copy)") && FileManager.default.contents(atPath: copy) == Data("%PDF".utf8))
        #expect(text.contains("✓ Detached 'tooth scan.pdf' from task #1 'Dentist'  (/undo brings it back)"))
        #expect(text.contains("No attachments on task #1 'Dentist'."))
        #expect(text.contains("↶ Attached 'tooth scan.pdf' again"))
        #expect(try Attachments(h.toolkit.store).attachments().count == 1)
    }

    /// "/attach FILE" alone goes to the task just saved; a page is named with "page".
    @Test func attachAloneUsesTheTaskJustSavedAndPagesByName() throws {
        let h = try REPLHarness()
        _ = try Pages(h.toolkit.store).createPage(title: "Kitchen")
        let photo = h.directory.path("tiles.jpg")
        _ = FileManager.default.createFile(atPath: photo, contents: Data("jpeg".utf8))
        let (session, out) = h.session(ScriptedLineReader(["buy tiles tomorrow", "", "/attach \(photo)", "/attach \(photo) to page Kitchen", "/attach"]))
        session.run()
        #expect(out.text.contains("✓ Attached 'tiles.jpg' (4 bytes) to task #1 'Buy tiles'"), "\(out.text)")
        #expect(out.text.contains("✓ Attached 'tiles.jpg' (4 bytes) to page #1 'Kitchen'  id 2, same bytes stored once already"))
        #expect(out.text.contains("/attach needs a file"))
    }

    @Test func theFileAndTheTargetAreSplitAtTheRightTo() throws {
        let h = try REPLHarness()
        let odd = h.directory.path("notes to self.txt")
        _ = FileManager.default.createFile(atPath: odd, contents: Data())
        #expect(ChatSession.splitAttachArgument("\(odd) to taxes") == (odd, "taxes"))
        #expect(ChatSession.splitAttachArgument(odd) == (odd, nil))
        #expect(ChatSession.splitAttachArgument("'/x/a to b.pdf' to page Kitchen") == ("/x/a to b.pdf", "page Kitchen"))
        #expect(ChatSession.splitAttachArgument("/nowhere/x.pdf to call mom") == ("/nowhere/x.pdf", "call mom"))
        #expect(ChatSession.attachmentTarget("page 3") == .page(.id(3)))
        #expect(ChatSession.attachmentTarget("#12") == .task(.id(12)))
        #expect(ChatSession.attachmentTarget("call mom") == .task(.title("call mom")))
    }
}
