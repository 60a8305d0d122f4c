import Foundation
import TaskREPL
import Testing

/// The hidden read away from a terminal (the terminal side is tested end to end through a pty).
@Suite struct TerminalQuestionTests {
    /// Runs `askHidden` on a pipe holding `input`, prompting into /dev/null.
    private func askHidden(fed input: String) -> HiddenAnswer {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .endOfInput }
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let null = open("/dev/null", O_WRONLY)
        defer {
            close(fds[0])
            close(null)
        }
        return TerminalQuestion.askHidden("Key: ", input: fds[0], output: null)
    }

    @Test func onePipedLineIsTheAnswer() {
        #expect(askHidden(fed: "sk-one\nsk-two\n") == .text("sk-one"))
    }

    @Test func controlBytesInAPipeAreData() {
        #expect(askHidden(fed: "a\u{7F}b\u{3}c\n") == .text("a\u{7F}b\u{3}c"))
    }

    @Test func anUnendedLineAndAnEmptyPipe() {
        #expect(askHidden(fed: "sk-last") == .text("sk-last"))
        #expect(askHidden(fed: "") == .endOfInput)
    }
}
