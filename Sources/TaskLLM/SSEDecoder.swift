import Foundation

/// Turns the bytes of a `text/event-stream` into events, however the bytes are split across reads.
///
/// Follows the server-sent events rules that matter here: lines end in LF, CRLF or CR; `data:` lines
/// of one event are joined with newlines; an empty line ends an event; lines starting with `:` are
/// comments (keep-alives); other fields (`event:`, `id:`, `retry:`) are read and ignored.
struct SSEDecoder: Sendable {
    /// One event: its joined data text (`[DONE]` included as is).
    struct Event: Sendable, Equatable {
        var data: String
    }

    private var pending: [UInt8] = []
    private var dataLines: [String] = []
    private var lastWasCR = false

    init() {}

    /// Feeds bytes; returns the events completed by them.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            if lastWasCR {
                lastWasCR = false
                if byte == 0x0A { continue }  // the LF of a CRLF
            }
            if byte == 0x0A || byte == 0x0D {
                lastWasCR = byte == 0x0D
                if let event = endLine() { events.append(event) }
            } else {
                pending.append(byte)
            }
        }
        return events
    }

    /// Ends the stream: a last event not followed by a blank line still counts.
    mutating func finish() -> [Event] {
        var events: [Event] = []
        if !pending.isEmpty, let event = endLine() { events.append(event) }
        if !dataLines.isEmpty {
            events.append(Event(data: dataLines.joined(separator: "\n")))
            dataLines = []
        }
        return events
    }

    private mutating func endLine() -> Event? {
        let line = String(decoding: pending, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        if line.isEmpty {
            guard !dataLines.isEmpty else { return nil }
            defer { dataLines = [] }
            return Event(data: dataLines.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = ""
        }
        if field == "data" { dataLines.append(String(value)) }
        return nil
    }
}
