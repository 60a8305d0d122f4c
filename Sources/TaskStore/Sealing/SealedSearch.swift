import Foundation
import TaskCore

/// Searching sealed page bodies over the store's connection, `SealedSearch(store)`: a TEMP FTS5
/// table (`temp.sealed_fts`, kept in memory) filled with the opened bodies on the first search of a
/// process, then brought up to date incrementally; the store keeps it (`sealedIndex`) between searches.
///
/// The index on disk (`pages_fts`) holds titles and clear bodies only; the opened text lives in this
/// process's memory and is gone when it exits.
public struct SealedSearch {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// The name of the index to search: `sealed_fts` when sealed bodies exist and the key is here
    /// (built or synced first), nil to search `pages_fts`.
    func indexTable() throws -> String? {
        guard store.sealer != nil, try store.sealingIsOn() else { return nil }
        try syncSealedIndex()
        return "sealed_fts"
    }

    /// A notice for search results when sealed bodies cannot be searched (no key), else nil.
    public func notice() throws -> String? {
        guard store.sealer == nil else { return nil }
        let count = try store.read { try store.db.scalar("SELECT count(*) FROM pages WHERE typeof(body) = 'blob'") ?? 0 }
        guard count > 0 else { return nil }
        return "\(count) sealed page\(count == 1 ? " was" : "s were") searched by title only: sealed pages cannot be searched by their text while the data key is not available: \(store.keyUnavailable)"
    }

    /// A page's mark: its title and its body's nonce (or a clear body's text). A sealed body gets a
    /// fresh nonce on every seal, so a changed body is seen without opening it.
    static let pageMarkSQL = "title || char(0) || CASE WHEN typeof(body) = 'blob' THEN hex(substr(body, 1, 25)) ELSE body END"

    /// Builds the TEMP index, or applies what changed since the last search (pages added, edited,
    /// re-sealed, retitled, deleted — by this process or another).
    func syncSealedIndex() throws {
        let version = try store.db.cached("PRAGMA data_version").first { $0.int64(0) } ?? 0
        if let index = store.sealedIndex, !index.isStale, index.dataVersion == version { return }
        let index = try store.sealedIndex ?? buildSealedIndex()
        if store.sealedIndex != nil { try updateSealedIndex(index) }
        index.dataVersion = version
        index.isStale = false
        store.sealedIndex = index
    }

    /// The first search of a process: one pass over `pages` (one statement), each body opened and
    /// inserted with one prepared statement, inside the search's transaction. Titles and clear
    /// bodies go from SQLite to SQLite without becoming Swift strings; only opened bodies do.
    private func buildSealedIndex() throws -> SealedSearchIndex {
        try store.db.execute("DROP TABLE IF EXISTS temp.sealed_fts")
        try store.db.execute("CREATE VIRTUAL TABLE temp.sealed_fts USING fts5(title, body, tokenize='unicode61 remove_diacritics 2')")
        // No merging of index segments while it is filled (about a third less CPU for 10,000 pages in
        // the sqlite3 shell); a bulk fill leaves few segments, and a later write merges as usual.
        try store.db.execute("INSERT INTO temp.sealed_fts(sealed_fts, rank) VALUES ('automerge', 0)")
        let index = SealedSearchIndex()
        let insert = try store.db.prepare("INSERT INTO temp.sealed_fts(rowid, title, body) VALUES (?, ?, ?)")
        let pages = try store.db.prepare("SELECT id, title, body, uuid, \(SealedSearch.pageMarkSQL) FROM pages")
        index.pages.reserveCapacity(Int(try store.db.scalar("SELECT count(*) FROM pages") ?? 0))
        _ = try pages.rows { s in
            let id = s.int64(0)
            try insert.bind(.integer(id), at: 1)
            try insert.bind(columnOf: s, 1, at: 2)
            if s.isBlob(2) {
                try insert.bind(.text(try store.openedBody(s, column: 2, uuid: s.string(3), pageID: id) ?? ""), at: 3)
            } else {
                try insert.bind(columnOf: s, 2, at: 3)
            }
            try insert.run()
            index.pages[id] = s.string(4)
        }
        try store.db.execute("INSERT INTO temp.sealed_fts(sealed_fts, rank) VALUES ('automerge', 4)")
        return index
    }

    /// A later search: only pages whose mark changed are opened again; deleted ones leave the index.
    private func updateSealedIndex(_ index: SealedSearchIndex) throws {
        let marks = try store.db.cached("SELECT id, \(SealedSearch.pageMarkSQL) FROM pages").rows { ($0.int64(0), $0.string(1)) }
        var seen = Set<Int64>()
        let body = try store.db.cached("SELECT title, body, uuid FROM pages WHERE id = ?")
        for (id, mark) in marks {
            seen.insert(id)
            guard index.pages[id] != mark else { continue }
            let row = try body.bind([.integer(id)]).first { s in (s.string(0), try store.openedBody(s, column: 1, uuid: s.string(2), pageID: id) ?? "") }
            body.reset()
            guard let (title, text) = row else { continue }
            if index.pages[id] != nil { try store.db.run("DELETE FROM temp.sealed_fts WHERE rowid = ?", [.integer(id)]) }
            try store.db.run("INSERT INTO temp.sealed_fts(rowid, title, body) VALUES (?, ?, ?)", [.integer(id), .text(title), .text(text)])
            index.pages[id] = mark
        }
        for id in index.pages.keys where !seen.contains(id) {
            try store.db.run("DELETE FROM temp.sealed_fts WHERE rowid = ?", [.integer(id)])
            index.pages[id] = nil
        }
    }
}
