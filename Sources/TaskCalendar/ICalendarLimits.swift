import Foundation

/// The most iCalendar text Tasker reads, checked in one pass before libical sees a byte: a file
/// (an import, a calendar file or subscription) of at most 128 MiB, and one content line, unfolded,
/// of at most 8 MiB — 100,000 completions of a series in `X-TASKER-COMPLETIONS` are 3.4 MB.
public enum ICalendarLimits {
    public static let textBytes = 128 << 20
    public static let lineBytes = 8 << 20

    /// Checks `text` against the limits. - Throws: `CalendarError.tooLarge` naming the line.
    static func check(_ text: String, source: String, textBytes: Int = textBytes, lineBytes: Int = lineBytes) throws(CalendarError) {
        var text = text
        let count = text.utf8.count
        if count > textBytes { throw .tooLarge(source: source, line: nil, bytes: count, limit: textBytes) }
        if count <= lineBytes { return }
        if let long = text.withUTF8({ Self.firstLine(over: lineBytes, in: $0) }) {
            throw .tooLarge(source: source, line: long.line, bytes: long.bytes, limit: lineBytes)
        }
    }

    /// The first content line (unfolded: a line break followed by a space or tab continues it) longer
    /// than `limit` bytes: its first physical line's number and its length. Each byte is looked at
    /// once (`memchr` finds the line breaks).
    static func firstLine(over limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, bytes: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        var physical = 1, start = 1, length = 0
        var offset = 0
        while offset < bytes.count {
            let rest = bytes.count - offset
            guard let found = memchr(base + offset, 0x0A, rest) else {
                length += rest - (bytes[bytes.count - 1] == 0x0D ? 1 : 0)
                break
            }
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            length += newline - offset - (newline > offset && bytes[newline - 1] == 0x0D ? 1 : 0)
            physical += 1
            if newline + 1 < bytes.count, bytes[newline + 1] == 0x20 || bytes[newline + 1] == 0x09 {
                offset = newline + 2  // a fold: the line goes on after the space
                continue
            }
            if length > limit { return (start, length) }
            start = physical
            length = 0
            offset = newline + 1
        }
        return length > limit ? (start, length) : nil
    }
}
