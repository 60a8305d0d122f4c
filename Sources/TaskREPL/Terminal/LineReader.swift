/// Where the REPL's lines come from: libedit on a terminal, plain lines from a pipe, a script in tests.
public protocol LineReader: AnyObject {
    /// True when a person is at a terminal to answer questions (confirmations, hidden input).
    var isInteractive: Bool { get }
    /// Reads one line after showing `prompt`, with `initial` already typed (for editing in place).
    func readLine(prompt: String, initial: String) -> LineEvent
    /// Reads the answer to a question shown as `prompt` (a confirmation, a choice, an edit): like
    /// `readLine`, but only what is typed after the question appears counts (`TerminalQuestion`).
    func readAnswer(prompt: String, initial: String) -> LineEvent
    /// Reads one key after showing `prompt` (default: `readAnswer`; see the extension).
    func readKey(prompt: String) -> LineEvent
    /// Reads a line without echoing it and without adding it to history (for a key); nil on EOF or Ctrl-C.
    func readSecret(prompt: String) -> String?
    /// Lines already waiting on input right after a read (a pasted block); empty when none.
    func bufferedLines() -> [String]
    /// Remembers a line in the (persistent) history.
    func addHistory(_ line: String)
    /// The history, oldest first.
    func history() -> [String]
}

extension LineReader {
    public func readLine(prompt: String) -> LineEvent { readLine(prompt: prompt, initial: "") }

    /// Reads one key after showing `prompt` (the weekly review's actions): at a terminal the key
    /// alone, no Enter (`EditLineReader`); elsewhere a line, as `readAnswer` reads it. Enter gives
    /// an empty line.
    public func readKey(prompt: String) -> LineEvent { readAnswer(prompt: prompt, initial: "") }
}
