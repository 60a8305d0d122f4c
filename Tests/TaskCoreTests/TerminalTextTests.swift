import Testing
@testable import TaskCore

@Suite struct TerminalTextTests {
    /// Characters a terminal obeys, in both forms.
    @Test(arguments: [
        ("x\u{1B}]52;c;ZXZpbA==\u{07}y", "x^[]52;c;ZXZpbA==^Gy"),
        ("\u{1B}[2J\u{1B}[H", "^[[2J^[[H"),
        ("nul\u{0}del\u{7F}", "nul^@del^?"),
        ("\u{1}\u{1F}\u{8}", "^A^_^H"),
        ("csi\u{9B}31m", "csi<U+009B>31m"),
        ("\u{80}\u{85}\u{9F}", "<U+0080><U+0085><U+009F>"),
        ("abc\u{202E}fdp.exe", "abc<U+202E>fdp.exe"),
        ("\u{2066}a\u{2069}\u{202A}\u{202D}", "<U+2066>a<U+2069><U+202A><U+202D>"),
        ("\u{200E}\u{200F}\u{061C}", "<U+200E><U+200F><U+061C>"),
        ("zero\u{200B}width\u{FEFF}\u{2060}", "zero<U+200B>width<U+FEFF><U+2060>"),
        ("a\u{2028}b\u{2029}", "a<U+2028>b<U+2029>"),
        ("hidden\u{E0041}\u{E0042}", "hidden<U+E0041><U+E0042>"),
    ])
    func controlsAreShownVisibly(_ input: String, _ expected: String) {
        #expect(TerminalText.sanitized(input) == expected)
        #expect(TerminalText.sanitized(input, as: .block) == expected)
    }

    @Test func lineFormKeepsOneValueOnOneLine() {
        #expect(TerminalText.sanitized("one\ntwo\r\nthree\rfour") == "one^Jtwo^M^Jthree^Mfour")
        #expect(TerminalText.sanitized("a\tb") == "a b")
    }

    @Test func blockFormKeepsLinesAndTabs() {
        #expect(TerminalText.sanitized("one\n\ttwo\n", as: .block) == "one\n\ttwo\n")
        #expect(TerminalText.sanitized("crlf\r\nlines\r\n", as: .block) == "crlf\nlines\n")
        #expect(TerminalText.sanitized("ok\rfake", as: .block) == "ok^Mfake", "a lone CR could overwrite the line")
        #expect(TerminalText.sanitized("end\r", as: .block) == "end^M")
        #expect(TerminalText.sanitized("\u{1B}[31mred\n", as: .block) == "^[[31mred\n")
    }

    /// Ordinary text of any script comes back as the same string.
    @Test(arguments: [
        "", "Call mom tomorrow 5pm #family !high ~15m", "Straße café naïve", "e\u{301}\u{302} a\u{308}",
        "日本語のタスク 中文 한국어", "مرحبا بالعالم", "שלום עולם", "नमस्ते", "می‌خواهم",
        "😀 👍🏽 👨‍👩‍👧 ❤️ 🇬🇧", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland",
        "quotes “ ” ‘ ’ … — – € ½", "\u{00A0}nbsp and soft\u{00AD}hyphen",
    ])
    func ordinaryUnicodeIsUntouched(_ text: String) {
        #expect(TerminalText.sanitized(text) == text)
        #expect(TerminalText.sanitized(text, as: .block) == text)
    }

    @Test func textIsOnlyCheckedWhenNothingChanges() {
        #expect(!TerminalText.needsChange("plain ascii", .line))
        #expect(!TerminalText.needsChange("two\nlines\tand a tab", .block))
        #expect(TerminalText.needsChange("two\nlines", .line))
        #expect(TerminalText.needsChange("é\u{1B}", .block))
    }

    /// The output holds no control character, so it is stable, and pieces sanitise like the whole.
    @Test func sanitisingIsIdempotentAndWorksInPieces() {
        let text = "a\u{1B}]52;c;eA==\u{7}\u{9B}\u{202E}b\n\tc\u{0}"
        for form in [TerminalText.Form.line, .block] {
            let once = TerminalText.sanitized(text, as: form)
            #expect(TerminalText.sanitized(once, as: form) == once)
            #expect(!once.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
            #expect(!once.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
            let pieces = text.map { TerminalText.sanitized(String($0), as: form) }.joined()
            #expect(pieces == once)
        }
    }

    @Test func tagsOutsideAFlagAreShownEvenAfterOne() {
        let flag = "🏴\u{E0067}\u{E0062}\u{E007F}"
        #expect(TerminalText.sanitized(flag + "\u{E0041}") == flag + "<U+E0041>")
        #expect(TerminalText.sanitized("x\u{E007F}") == "x<U+E007F>")
    }
}
