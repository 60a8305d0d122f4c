/// Splits a sentence into words once, recording each word's UTF-16 span.
enum Tokenizer {
    static func tokens(of text: String) -> [Token] {
        var text = text
        if let tokens = text.withUTF8({ asciiTokens($0) }) { return tokens }
        return scalarTokens(of: text)
    }

    /// `tokens(of:)` scalar by scalar: any text (the ASCII path must agree with it; ParserUnitTests).
    static func scalarTokens(of text: String) -> [Token] {
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

    /// The same tokens read straight from the bytes when the text is all ASCII (UTF-16 offsets are
    /// then byte offsets; a word already lower-case with no trailing punctuation shares the raw
    /// text); nil for other text.
    private static func asciiTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
        for byte in bytes where byte >= 0x80 { return nil }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var tokens: [Token] = []
        tokens.reserveCapacity(12)
        let n = bytes.count
        var i = 0
        while i < n {
            while i < n, isSpace(bytes[i]) { i += 1 }
            guard i < n else { break }
            let start = i
            var hasUpper = false
            while i < n, !isSpace(bytes[i]) {
                if bytes[i] >= 65 && bytes[i] <= 90 { hasUpper = true }
                i += 1
            }
            let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            var end = i
            while end > start, isTrailingPunctuation(bytes[end - 1]) { end -= 1 }
            if end == start { end = i }
            let word: String
            if !hasUpper && end == i {
                word = raw
            } else {
                word = String(unsafeUninitializedCapacity: end - start) { buffer in
                    for k in start..<end {
                        let b = bytes[k]
                        buffer[k - start] = b >= 65 && b <= 90 ? b + 32 : b
                    }
                    return end - start
                }
            }
            tokens.append(Token(raw: raw, word: word, range: start..<i))
        }
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

    static func isTrailingPunctuation(_ b: UInt8) -> Bool {
        b == 44 || b == 46 || b == 33 || b == 63 || b == 59  // , . ! ? ;
    }
}
