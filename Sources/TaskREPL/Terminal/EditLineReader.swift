import Foundation
import TaskCore
internal import CEdit

/// Line editing on a terminal with libedit: emacs keys, persistent history, Tab completion,
/// Ctrl-C to drop the line, Ctrl-D on an empty line to quit. The only user of CEdit.
///
/// History lives at the path given (`$XDG_STATE_HOME/tasker/history`), mode 0600 because it may
/// hold personal text; /key lines never reach it (the session does not add them).
public final class EditLineReader: LineReader {
    public typealias Completion = (_ textBeforeCursor: String) -> (start: Int, candidates: [String])

    private let editor: OpaquePointer
    private let store: OpaquePointer
    private var event = HistEvent()
    private let historyPath: String?
    private var promptText: UnsafeMutablePointer<CChar>?
    private var interrupted = false
    /// Supplies Tab's candidates for the text before the cursor.
    public var completion: Completion?

    public var isInteractive: Bool { true }

    /// Starts the editor on stdin/stdout and loads the history file (created with its folder on the
    /// first save). - Throws: `REPLError.editorUnavailable` when libedit cannot start.
    public init(historyPath: String?, completion: Completion? = nil) throws {
        if let current = setlocale(LC_CTYPE, ""), ["C", "POSIX"].contains(String(cString: current)) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        guard let editor = cedit_init("tasker") else { throw REPLError.editorUnavailable }
        guard let store = history_init() else {
            el_end(editor)
            throw REPLError.editorUnavailable
        }
        self.editor = editor
        self.store = store
        self.historyPath = historyPath
        self.completion = completion
        cedit_history_setsize(store, &event, 1000)
        cedit_history_setunique(store, &event, 1)
        if let historyPath, FileManager.default.fileExists(atPath: historyPath) {
            cedit_history_load(store, &event, historyPath)
        }
        cedit_set_editor(editor, "emacs")
        cedit_set_history(editor, store)
        cedit_set_signal(editor, 1)
        cedit_set_clientdata(editor, Unmanaged.passUnretained(self).toOpaque())
        cedit_set_prompt(editor) { el in
            guard let el, let reader = EditLineReader.from(el) else { return nil }
            return reader.promptText
        }
        // ^C arrives as a key while editing (not a signal) and drops the line.
        cedit_setty_edit(editor, "-isig")
        cedit_add_function(editor, "tasker-interrupt", "drop the line") { el, _ in
            guard let el, let reader = EditLineReader.from(el) else { return UInt8(CC_NORM) }
            reader.interrupted = true
            return UInt8(CC_NEWLINE)
        }
        cedit_bind(editor, "^C", "tasker-interrupt")
        cedit_add_function(editor, "tasker-complete", "complete a command, task, project or #context") { el, _ in
            guard let el, let reader = EditLineReader.from(el) else { return UInt8(CC_NORM) }
            return reader.complete()
        }
        cedit_bind(editor, "^I", "tasker-complete")
        el_source(editor, nil)
    }

    deinit {
        saveHistory()
        history_end(store)
        el_end(editor)
        free(promptText)
    }

    private static func from(_ el: OpaquePointer) -> EditLineReader? {
        guard let data = cedit_get_clientdata(el) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    public func readLine(prompt: String, initial: String) -> LineEvent {
        free(promptText)
        promptText = strdup(prompt)
        interrupted = false
        if !initial.isEmpty { el_push(editor, initial) }
        cedit_enter_character_mode(STDIN_FILENO)
        var count: Int32 = 0
        let raw = el_gets(editor, &count)
        if interrupted {
            interrupted = false
            FileHandle.standardOutput.write(Data("^C\n".utf8))
            return .interrupted
        }
        guard let raw else { return count < 0 ? .interrupted : .endOfInput }
        var line = String(cString: raw)
        while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
        return .line(line)
    }

    /// Keys typed before the question appeared are discarded first; libedit holds none of its own
    /// (it reads byte by byte), so the terminal's queue is all there is to clear.
    public func readAnswer(prompt: String, initial: String) -> LineEvent {
        TerminalQuestion.ask(on: STDIN_FILENO) { readLine(prompt: prompt, initial: initial) }
    }

    /// One key with no Enter: the terminal in character mode for one read(2), then restored; the
    /// key is echoed. Ctrl-C interrupts, Ctrl-D ends, Enter is an empty line. Keys typed before the
    /// prompt appeared are discarded first (`TerminalQuestion`).
    public func readKey(prompt: String) -> LineEvent {
        guard isatty(STDIN_FILENO) == 1 else { return readAnswer(prompt: prompt, initial: "") }
        return TerminalQuestion.ask(on: STDIN_FILENO) {
            FileHandle.standardOutput.write(Data(prompt.utf8))
            var saved = termios()
            guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine(prompt: "", initial: "") }
            defer { tcsetattr(STDIN_FILENO, TCSADRAIN, &saved) }
            cedit_enter_character_mode(STDIN_FILENO)
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1, byte != 4 else { return .endOfInput }
            if byte == 3 {
                FileHandle.standardOutput.write(Data("^C\n".utf8))
                return .interrupted
            }
            let key = byte == 13 || byte == 10 ? "" : String(decoding: [byte], as: UTF8.self)
            FileHandle.standardOutput.write(Data((key + "\n").utf8))
            return .line(key)
        }
    }

    /// The hidden read shared with `tasker key set` (`TerminalQuestion.askHidden`), prompted on
    /// stdout; nil on Ctrl-C or Ctrl-D.
    public func readSecret(prompt: String) -> String? {
        guard case .text(let text) = TerminalQuestion.askHidden(prompt, input: STDIN_FILENO, output: STDOUT_FILENO) else { return nil }
        return text
    }

    /// Lines of a paste still waiting on stdin: read while input is ready at once.
    public func bufferedLines() -> [String] {
        var lines: [String] = []
        while lines.count < 1000 && Self.inputReady() {
            guard case .line(let line) = readLine(prompt: "  ", initial: "") else { break }
            lines.append(line)
        }
        return lines
    }

    private static func inputReady() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    public func addHistory(_ line: String) {
        cedit_history_enter(store, &event, line)
        saveHistory()
    }

    public func history() -> [String] {
        var lines: [String] = []
        var ok = cedit_history_last(store, &event)
        while ok >= 0, let text = event.str {
            var line = String(cString: text)
            if line.hasSuffix("\n") { line.removeLast() }
            lines.append(line)
            ok = cedit_history_prev(store, &event)
        }
        return lines
    }

    /// Writes the history file, creating its folder, readable by the user only.
    private func saveHistory() {
        guard let historyPath else { return }
        let folder = (historyPath as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(historyPath, O_WRONLY | O_CREAT, 0o600)
        if descriptor >= 0 { close(descriptor) }
        chmod(historyPath, 0o600)
        cedit_history_save(store, &event, historyPath)
    }

    /// Tab: one candidate completes (with a space); several complete their common part, or are listed.
    private func complete() -> UInt8 {
        guard let completion, let info = el_line(editor)?.pointee, let buffer = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_NORM)
        }
        let length = buffer.distance(to: cursor)
        let before = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length).bindMemory(to: UInt8.self), as: UTF8.self)
        let (start, candidates) = completion(before)
        let fragment = String(before.dropFirst(start))
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let replacement: String
        if candidates.count == 1 {
            replacement = candidates[0] + " "
        } else {
            let common = Completer.commonPrefix(candidates)
            guard common.count <= fragment.count else {
                replacement = common
                return replace(fragment, with: replacement)
            }
            // Titles hold spaces: one per line then; single words side by side.
            let separator = candidates.contains { $0.contains(" ") } ? "\n" : "  "
            let list = candidates.prefix(40).map { TerminalText.sanitized($0) }.joined(separator: separator) + (candidates.count > 40 ? separator + "…" : "")
            FileHandle.standardOutput.write(Data(("\n" + list + "\n").utf8))
            return UInt8(CC_REDISPLAY)
        }
        return replace(fragment, with: replacement)
    }

    private func replace(_ fragment: String, with text: String) -> UInt8 {
        if !fragment.isEmpty { el_deletestr(editor, Int32(fragment.unicodeScalars.count)) }
        el_insertstr(editor, text)
        return UInt8(CC_REFRESH)
    }
}
