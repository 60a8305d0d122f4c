/// Text that did not come from Tasker (titles any MCP client can store, page bodies, a model's
/// words, an endpoint's error body, a path), made safe to print on a terminal.
///
/// A terminal obeys control characters in what it prints: `ESC [2J` clears the screen, `ESC ] 52`
/// writes the clipboard, a C1 `CSI` (U+009B) starts a sequence on its own, and bidi overrides make
/// text read differently from what it is. Every such character is shown visibly instead:
/// - C0 controls and DEL in caret notation, as `cat -v` does: ESC → `^[`, NUL → `^@`, BEL → `^G`,
///   DEL → `^?`.
/// - C1 controls (U+0080–U+009F) and invisible format characters that can hide or reorder text as
///   `<U+XXXX>`: the bidi marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
///   U+202A–U+202E, U+2066–U+2069), zero-width space (U+200B), the word joiner and invisible
///   operators (U+2060–U+2064), the deprecated format controls (U+206A–U+206F), the line and
///   paragraph separators (U+2028, U+2029), U+180E, U+FEFF, the interlinear annotation
///   characters (U+FFF9–U+FFFB), and tag characters (U+E0000–U+E007F) except inside an emoji tag
///   sequence (the flag of Scotland is U+1F3F4 followed by tags).
///
/// Ordinary Unicode is untouched: letters of any script (RTL ones included), combining marks, CJK,
/// emoji with their zero-width joiners (U+200D) and variation selectors, and U+200C, which Persian
/// and Indic text need.
///
/// Two forms, for where the text goes:
/// - `.line` (titles, names, one-line messages): every control character is shown, newline as
///   `^J` and carriage return as `^M`, so one value is one line; a tab becomes one space.
/// - `.block` (page bodies, a model's reply): newlines and tabs are kept, a CR right before a
///   newline is dropped (CRLF text prints as lines); everything else is shown as above (a lone CR,
///   which would let later text overwrite earlier text, is `^M`).
///
/// Each character is replaced on its own, so text may be sanitised in pieces (a streamed reply):
/// an escape sequence split across pieces is still made visible. The output never holds a control
/// character (apart from `\n` and `\t` in `.block`), so sanitising twice changes nothing.
/// JSON output is never sanitised: its encoder escapes C0 itself, and it must stay exact.
public enum TerminalText {
    /// Where the text will be shown.
    public enum Form: Sendable {
        /// One line: newline, CR and every other control made visible; tab becomes a space.
        case line
        /// Several lines: newline and tab kept, CRLF printed as a newline, the rest made visible.
        case block
    }

    /// `text` with every character that a terminal would obey shown visibly instead (see the type's
    /// documentation for the rules). Returns `text` itself when nothing needs changing, checked
    /// byte by byte for ASCII text.
    public static func sanitized(_ text: String, as form: Form = .line) -> String {
        guard needsChange(text, form) else { return text }
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.utf8.count + 8)
        var pendingCR = false
        var inTagSequence = false
        for scalar in text.unicodeScalars {
            if pendingCR {
                pendingCR = false
                if scalar != "\n" { out.append(contentsOf: "^M".unicodeScalars) }
            }
            let value = scalar.value
            if value < 0x20 || value == 0x7F {
                inTagSequence = false
                switch (scalar, form) {
                case ("\n", .block), ("\t", .block): out.append(scalar)
                case ("\t", .line): out.append(" ")
                case ("\r", .block): pendingCR = true
                default: appendCaret(value, to: &out)
                }
            } else if value < 0x80 {
                inTagSequence = false
                out.append(scalar)
            } else if isTag(value) {
                // A tag run is part of an emoji only right after U+1F3F4 (until the cancel tag).
                if inTagSequence { out.append(scalar) } else { appendCodePoint(value, to: &out) }
                if value == 0xE007F { inTagSequence = false }
            } else {
                inTagSequence = value == 0x1F3F4
                if isHidden(value) { appendCodePoint(value, to: &out) } else { out.append(scalar) }
            }
        }
        if pendingCR { out.append(contentsOf: "^M".unicodeScalars) }
        return String(out)
    }

    /// Whether `text` holds anything `sanitized` would change: a byte scan for ASCII text, a scalar
    /// scan once a non-ASCII byte is seen.
    static func needsChange(_ text: String, _ form: Form) -> Bool {
        for byte in text.utf8 {
            if byte >= 0x80 { return text.unicodeScalars.contains { needsChange($0, form) } }
            if byte < 0x20 || byte == 0x7F {
                if form == .block && (byte == 0x0A || byte == 0x09) { continue }
                return true
            }
        }
        return false
    }

    /// Whether one scalar may change. Tag characters always say yes: whether they stay depends on
    /// what comes before them, which `sanitized` tracks.
    private static func needsChange(_ scalar: Unicode.Scalar, _ form: Form) -> Bool {
        let value = scalar.value
        if value < 0x20 || value == 0x7F { return !(form == .block && (scalar == "\n" || scalar == "\t")) }
        return value >= 0x80 && (isHidden(value) || isTag(value))
    }

    /// C1 controls and the invisible format characters listed in the type's documentation.
    private static func isHidden(_ value: UInt32) -> Bool {
        switch value {
        case 0x80...0x9F, 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064,
             0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB:
            return true
        default:
            return false
        }
    }

    private static func isTag(_ value: UInt32) -> Bool { (0xE0000...0xE007F).contains(value) }

    /// `^@` … `^_` for C0, `^?` for DEL.
    private static func appendCaret(_ value: UInt32, to out: inout String.UnicodeScalarView) {
        out.append("^")
        out.append(value == 0x7F ? "?" : Unicode.Scalar(UInt8(value + 0x40)))
    }

    /// `<U+202E>`: at least four upper-case hex digits.
    private static func appendCodePoint(_ value: UInt32, to out: inout String.UnicodeScalarView) {
        let hex = String(value, radix: 16, uppercase: true)
        out.append(contentsOf: ("<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">").unicodeScalars)
    }
}
