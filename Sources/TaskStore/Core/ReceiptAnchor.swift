import TaskCore

/// Where the keyed receipts chain stood after the last append, kept outside the database
/// (`ReceiptKeyFiles.anchorPath`): the first keyed receipt, the last one and its MAC, so a chain cut
/// short (or rehashed without the key from its start) is noticed.
///
/// One line, `first=F seq=N hash=hmac:… mac=…`, where `mac` is the HMAC of the rest under the
/// receipts key: an anchor edited by hand does not verify.
struct ReceiptAnchor: Sendable, Equatable {
    /// The first receipt chained with the key (older ones are plain SHA-256, from before the key).
    var first: Int64
    /// The last receipt appended, and its stored MAC (`hmac:…`).
    var seq: Int64
    var hash: String

    /// The anchor as written, with its MAC under `key`.
    func text(key: [UInt8]) -> String {
        let body = body
        return body + " mac=" + HMACSHA256.hex(key: key, message: Array(("tasker-receipts-anchor|" + body).utf8)) + "\n"
    }

    /// The anchor in `text` when it is well formed and its MAC holds under `key`; nil otherwise.
    init?(text: String, key: [UInt8]) {
        var fields: [Substring: Substring] = [:]
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            fields[part[..<equals]] = part[part.index(after: equals)...]
        }
        guard let first = fields["first"].flatMap({ Int64($0) }), let seq = fields["seq"].flatMap({ Int64($0) }),
              let hash = fields["hash"], let mac = fields["mac"] else { return nil }
        self.init(first: first, seq: seq, hash: String(hash))
        guard SHA256.constantTimeEqual(String(mac), HMACSHA256.hex(key: key, message: Array(("tasker-receipts-anchor|" + body).utf8))) else {
            return nil
        }
    }

    init(first: Int64, seq: Int64, hash: String) {
        self.first = first
        self.seq = seq
        self.hash = hash
    }

    private var body: String { "first=\(first) seq=\(seq) hash=\(hash)" }
}
