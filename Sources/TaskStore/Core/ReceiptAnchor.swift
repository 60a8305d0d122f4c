import TaskCore

/// Where the keyed receipts chain stood after the last append, kept outside the database
/// (`ReceiptKeyFiles.anchorPath`): the first keyed receipt, how many receipts the database held, the
/// last one and its MAC, and the owner's last accepted reset. It only moves forward, so a chain cut
/// short, emptied or rolled back is noticed, and stays noticed (see `TaskStore.appendReceipt`).
///
/// One line, `first=F count=C seq=N hash=hmac:… base=B basedigest=… mac=…`, where `mac` is the HMAC
/// of the rest under the receipts key: an anchor edited by hand does not verify. An anchor written
/// before `count` and `base` existed has only `first`, `seq` and `hash`.
struct ReceiptAnchor: Sendable, Equatable {
    /// The first receipt chained with the key (older ones are plain SHA-256, from before the key).
    var first: Int64
    /// How many receipts the database held when the anchor was written (nil in an older anchor).
    var count: Int64?
    /// The last receipt appended, and its stored MAC (`hmac:…`).
    var seq: Int64
    var hash: String
    /// The receipt `tasker receipts --accept-reset` appended (0: none), and the SHA-256 of every
    /// receipt before it as the owner accepted them: what came before is frozen, not forgotten.
    var base: Int64 = 0
    var baseDigest: String?

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
        self.init(first: first, count: fields["count"].flatMap { Int64($0) }, seq: seq, hash: String(hash),
                  base: fields["base"].flatMap { Int64($0) } ?? 0, baseDigest: fields["basedigest"].map(String.init))
        guard SHA256.constantTimeEqual(String(mac), HMACSHA256.hex(key: key, message: Array(("tasker-receipts-anchor|" + body).utf8))) else {
            return nil
        }
    }

    init(first: Int64, count: Int64? = nil, seq: Int64, hash: String, base: Int64 = 0, baseDigest: String? = nil) {
        self.first = first
        self.count = count
        self.seq = seq
        self.hash = hash
        self.base = base
        self.baseDigest = baseDigest
    }

    private var body: String {
        var text = "first=\(first)"
        if let count { text += " count=\(count)" }
        text += " seq=\(seq) hash=\(hash)"
        if base > 0, let baseDigest { text += " base=\(base) basedigest=\(baseDigest)" }
        return text
    }
}
