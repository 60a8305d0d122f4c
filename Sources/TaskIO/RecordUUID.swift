/// The UUID text form records key on: 8-4-4-4-12 hex digits, lower-case.
enum RecordUUID {
    /// `text` lower-cased when it is a UUID; nil otherwise (so it is also safe inside a file name).
    static func normalized(_ text: String) -> String? {
        let lower = text.lowercased()
        let utf8 = Array(lower.utf8)
        guard utf8.count == 36 else { return nil }
        for (i, c) in utf8.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard c == UInt8(ascii: "-") else { return nil }
            } else {
                guard (c >= 48 && c <= 57) || (c >= 97 && c <= 102) else { return nil }
            }
        }
        return lower
    }
}
