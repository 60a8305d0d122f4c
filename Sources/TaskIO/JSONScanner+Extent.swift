import TaskCore

extension JSONScanner {
    /// The byte count of the string, array or object at the next byte, found without building it;
    /// nil for a scalar (a number, `true`, `false`, `null`) or for text that ends first. What a
    /// reader checks against a size cap before it reads a value (the value is not validated here:
    /// reading it does that).
    func extentOfNextValue() -> Int? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard let first = next, first == quote || first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return nil }
        var i = index, depth = 0, inString = false
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                if b == backslash {
                    i += 2
                    continue
                }
                if b == quote {
                    inString = false
                    if depth == 0 { return i + 1 - index }
                }
            } else if b == quote {
                inString = true
            } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                depth += 1
            } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return i + 1 - index }
            }
            i += 1
        }
        return nil
    }

    /// Moves past the next `count` bytes (a value measured by `extentOfNextValue`).
    mutating func skip(_ count: Int) {
        self = JSONScanner(bytes: bytes, index: index + count)
    }
}
