import Foundation

/// A file attached to a task or a page: its name and the SHA-256 of its bytes, which live outside
/// the database in the object store (`objects/ab/<sha256>`), stored once however often attached.
public struct Attachment: Sendable, Hashable, Identifiable {
    public var id: AttachmentID
    public var uuid: String
    public var owner: AttachmentOwner
    /// The file's name as attached (its last path component, or the name given).
    public var name: String
    /// The object's name: SHA-256 of the content, 64 lower-case hex digits.
    public var sha256: String
    public var size: Int64
    /// How the object is stored: "plain", or "secretstream" (encrypted; see `sealedKey`).
    public var encoding: String
    /// Where an upload put a copy, when attachments.upload is configured.
    public var remoteURL: String?
    public var created: Date
    /// An encrypted object's own key, sealed with the data key (bound to this row); nil when plain.
    public var sealedKey: [UInt8]?
    /// The SHA-256 of the encrypted file as stored (what `verify` checks without the key); nil when plain.
    public var storedSHA256: String?

    public init(
        id: AttachmentID, uuid: String, owner: AttachmentOwner, name: String, sha256: String, size: Int64,
        encoding: String = "plain", remoteURL: String? = nil, created: Date
    ) {
        self.id = id
        self.uuid = uuid
        self.owner = owner
        self.name = name
        self.sha256 = sha256
        self.size = size
        self.encoding = encoding
        self.remoteURL = remoteURL
        self.created = created
    }

    /// Whether the object is encrypted (and opening it needs the data key).
    public var isEncrypted: Bool { sealedKey != nil }
}

/// What an attachment belongs to.
public enum AttachmentOwner: Sendable, Hashable {
    case task(TaskID)
    case page(PageID)
}

/// A byte count for people: "812 bytes", "4.2 KiB", "150.0 MiB".
public enum ByteCount {
    public static func text(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
