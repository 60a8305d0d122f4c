/// What the TEMP index of opened page bodies holds: per page, its title and the sealed body's nonce
/// (fresh on every seal, so a changed body is seen without opening it), and the database's
/// `data_version` when last brought up to date.
final class SealedSearchIndex {
    var pages: [Int64: String] = [:]
    var dataVersion: Int64 = -1
    /// This connection wrote a page since the last sync (its own commits do not move `data_version`).
    var isStale = false
}
