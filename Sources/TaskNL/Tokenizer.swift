/// Splits a sentence into words once, recording each word's UTF-16 span.
enum Tokenizer {
    static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(12)
        var current = String.UnicodeScalarView()
        var start = 0
        var offset = 0
        var ascii = true
        func flush() {
            guard !current.isEmpty else { return }
            let raw = String(current)
            tokens.append(Token(raw: raw, word: normalize(raw, ascii: ascii), range: start..<offset))
            current = String.UnicodeScalarView()
            ascii = true
        }
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                flush()
                offset += scalar.utf16.count
                start = offset
            } else {
                if current.isEmpty { start = offset }
                if !scalar.isASCII { ascii = false }
                current.append(scalar)
                offset += scalar.utf16.count
            }
        }
        flush()
        return tokens
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09...0x0D, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Lower-cases and drops trailing sentence punctuation.
    private static func normalize(_ raw: String, ascii: Bool) -> String {
        var lower: String
        if ascii {
            var bytes = Array(raw.utf8)
            for i in bytes.indices where bytes[i] >= 65 && bytes[i] <= 90 { bytes[i] += 32 }
            var end = bytes.count
            while end > 0, isTrailingPunctuation(bytes[end - 1]) { end -= 1 }
            if end == 0 { end = bytes.count }
            return String(decoding: bytes[0..<end], as: UTF8.self)
        }
        lower = raw.lowercased()
        var trimmed = Substring(lower)
        while let last = trimmed.last, last.isASCII, let b = last.asciiValue, isTrailingPunctuation(b) {
            trimmed = trimmed.dropLast()
        }
        return trimmed.isEmpty ? lower : String(trimmed)
    }

    private static func isTrailingPunctuation(_ b: UInt8) -> Bool {
        b == 44 || b == 46 || b == 33 || b == 63 || b == 59  // , . ! ? ;
    }
}
