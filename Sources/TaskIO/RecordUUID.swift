/// The UUID text form records key on: 8-4-4-4-12 hex digits, lower-case.
enum RecordUUID {
    /// `text` lower-cased when it is a UUID; nil otherwise (so it is also safe inside a file name).
    /// A UUID already in lower case comes back as it is, without a copy (imports read 100,000s).
    static func normalized(_ text: String) -> String? {
        var upper = false
        var i = 0
        for c in text.utf8 {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard c == UInt8(ascii: "-") else { return nil }
            } else if (c >= 48 && c <= 57) || (c >= 97 && c <= 102) {
            } else if c >= 65 && c <= 70 {
                upper = true
            } else {
                return nil
            }
            i += 1
            if i > 36 { return nil }
        }
        guard i == 36 else { return nil }
        return upper ? text.lowercased() : text
    }
}
