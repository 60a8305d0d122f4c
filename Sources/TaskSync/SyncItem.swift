/// What sync remembers of one task on one CalDAV collection: where it lives, its ETag, the iCalendar
/// text the server last had, and the task's synced fields then (`base`, JSON; the merge's ancestor).
public struct SyncItem: Sendable, Hashable {
    public var uuid: String
    public var href: String
    public var etag: String?
    public var ics: String
    public var base: String

    public init(uuid: String, href: String, etag: String?, ics: String, base: String) {
        self.uuid = uuid
        self.href = href
        self.etag = etag
        self.ics = ics
        self.base = base
    }
}
