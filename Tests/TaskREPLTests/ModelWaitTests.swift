import Foundation
import Testing
@testable import TaskREPL

/// The one wait for the model (turns, dictations, plans): the request's value or error comes back
/// as it is; at a terminal a spinner names the wait until the first words, and is erased.
/// (Ctrl-C cancelling it runs end to end: `REPLDictationEndToEndTests`.)
@Suite struct ModelWaitTests {
    struct Refused: Error, Equatable {}

    @Test func withoutATerminalTheRequestsValueOrErrorComesBackAndNothingIsShown() {
        let out = BufferSink()
        let wait = ModelWait(atTerminal: false, output: out)
        guard case .finished(.success(let value)) = wait.run("thinking…", { _ in 42 }) else {
            Issue.record("a request that returns is finished with its value")
            return
        }
        #expect(value == 42)
        guard case .finished(.failure(let error)) = wait.run("thinking…", { _ -> Int in throw Refused() }) else {
            Issue.record("a request that throws is finished with its error")
            return
        }
        #expect(error as? Refused == Refused())
        #expect(out.text.isEmpty)
    }

    @Test func atATerminalASpinnerNamesTheWaitUntilTheFirstWords() {
        let out = BufferSink()
        let wait = ModelWait(atTerminal: true, output: out)
        var shownBeforeWords = ""
        let outcome = wait.run("planning…") { firstWords in
            // The spinner's thread draws at once; a loaded machine gets 5 s to let it.
            let deadline = Date().addingTimeInterval(5)
            while !out.text.contains("Ctrl-C cancels") && Date() < deadline { usleep(20_000) }
            shownBeforeWords = out.text
            firstWords()
            usleep(200_000)
            return "plan"
        }
        guard case .finished(.success("plan")) = outcome else {
            Issue.record("the request's value comes back")
            return
        }
        #expect(shownBeforeWords.contains("planning… ") && shownBeforeWords.contains(" s · Ctrl-C cancels"))
        #expect(out.text == shownBeforeWords + "\r\u{1B}[K", "the first words stop and erase the spinner; nothing after")
    }
}
