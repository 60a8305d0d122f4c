import Foundation
import TaskCore
import TaskStore
import TaskToolkit
import Testing
@testable import TaskREPL

/// Lines a person typed walking the chat in a terminal, each once answered wrongly: the task they
/// named was not found, or a question about their tasks was offered as a task.
@Suite struct ChatWalkTests {
    /// "delete the haircut" names "Book a haircut" as "move the haircut to wednesday" does; it was
    /// "No task matches 'the haircut'" and the line offered as a task "Delete the haircut".
    @Test(arguments: [
        ("delete the haircut", "Delete #ID 'Book a haircut' — run?"),
        ("rename the haircut to book a trim", "Update #ID 'Book a haircut': title 'Book a trim' — run?"),
        ("make my haircut high priority", "Update #ID 'Book a haircut': priority high — run?"),
        ("move the haircut to someday", "'Book a haircut'"),
    ])
    func anEditNamesATaskWithoutItsArticle(line: String, question: String) throws {
        let h = try REPLHarness()
        let id = try h.add("Book a haircut")
        let reader = ScriptedLineReader([line, "n"])
        let (session, out) = h.session(reader)
        session.run()
        let asked = question.replacingOccurrences(of: "#ID", with: "#\(id)")
        #expect(reader.questions.contains { $0.contains(asked) }, "\(reader.questions)")
        #expect(!out.text.contains("No task matches"))
        #expect(try h.titles() == ["Book a haircut"])
    }
}
