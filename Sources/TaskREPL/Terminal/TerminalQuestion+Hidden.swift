import Foundation

/// Questions whose answer must not be seen: the model key.
extension TerminalQuestion {
    /// Asks `prompt` on `output` and reads one line from the terminal `input` with echo off.
    ///
    /// Type-ahead is discarded first (`ask`). The terminal is put in character mode without echo
    /// and without signals, so Ctrl-C arrives as a key (the answer is `.cancelled`) rather than
    /// killing the process with echo still off; the saved mode is put back on every way out,
    /// discarding anything typed past the Enter (a pasted key's stray newline must not become the
    /// next command). Backspace and Ctrl-U edit the hidden line; nothing of it is ever written.
    /// When `input` is not a terminal, one line is read as it comes (only a newline ends it),
    /// without a prompt.
    public static func askHidden(_ prompt: String, input: Int32 = STDIN_FILENO, output: Int32 = STDERR_FILENO) -> HiddenAnswer {
        var saved = termios()
        guard isatty(input) == 1, tcgetattr(input, &saved) == 0 else { return readHidden(input, editing: false) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &quiet)
        defer {
            tcsetattr(input, TCSAFLUSH, &saved)
            write(output, "\n")
        }
        return ask(on: input) {
            write(output, prompt)
            return readHidden(input, editing: true)
        }
    }

    /// Reads bytes up to Enter. When `editing` (a terminal in character mode): Backspace drops the
    /// last character, Ctrl-U the whole line, Ctrl-C cancels, Ctrl-D on an empty line ends.
    private static func readHidden(_ input: Int32, editing: Bool) -> HiddenAnswer {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes.isEmpty ? .endOfInput : .text(String(decoding: bytes, as: UTF8.self)) }
            if !editing {
                if byte == 0x0A { return .text(String(decoding: bytes, as: UTF8.self)) }
                bytes.append(byte)
                continue
            }
            switch byte {
            case 0x0A, 0x0D: return .text(String(decoding: bytes, as: UTF8.self))
            case 0x03: return .cancelled
            case 0x04 where bytes.isEmpty: return .endOfInput
            case 0x15: bytes.removeAll()
            case 0x7F, 0x08:
                // One character: its UTF-8 continuation bytes (10xxxxxx) and the byte that starts it.
                while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            default: bytes.append(byte)
            }
        }
    }

    private static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    }
}

extension TerminalQuestion {
    /// Runs `body` with the terminal `input` sending signals for its control keys (ISIG on), then puts
    /// the saved mode back: while the chat waits for a model, Ctrl-C must reach `InterruptFlag` at
    /// once, whatever mode line editing left the terminal in. Not a terminal: `body` alone.
    public static func withSignals<T>(on input: Int32 = STDIN_FILENO, _ body: () throws -> T) rethrows -> T {
        var saved = termios()
        guard isatty(input) == 1, tcgetattr(input, &saved) == 0 else { return try body() }
        var signalling = saved
        signalling.c_lflag |= tcflag_t(ISIG)
        tcsetattr(input, TCSANOW, &signalling)
        defer { tcsetattr(input, TCSANOW, &saved) }
        return try body()
    }
}
