import Foundation
import TaskCore

/// Spaces, pages, labels, links and full-text search over the store's connection, `Pages(store)`.
public struct Pages {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Creates a space, optionally bound to a project.
    /// - Throws: `.notBootstrapped`, `.projectNotFound`, `.duplicateName`, `.invalidValue`.
    public func createSpace(name: String, project: String? = nil) throws -> Space {
        try store.write {
            _ = try store.requireBootstrap()
            let n = try TaskStore.validName(name, field: "space name")
            let p = try project.map { try store.resolveProject($0) }
            if try store.db.scalar("SELECT id FROM spaces WHERE name = ?", [.text(n)]) != nil {
                throw TaskStoreError.duplicateName(kind: "space", name: n)
            }
            let stamp = TaskStore.wholeSeconds(store.now)
            try store.db.run("INSERT INTO spaces(name, project_id, created, updated, uuid) VALUES (?, ?, ?, ?, ?)",
                             [.text(n), DatabaseValue(p?.id), DatabaseValue(stamp), DatabaseValue(stamp), .text(TaskStore.newUUID())])
            return Space(id: SpaceID(store.db.lastInsertRowID), name: n, project: p?.name, created: stamp)
        }
    }

    /// Every space by name.
    public func spaces() throws -> [Space] {
        try store.read {
            try store.db.cached("SELECT s.id, s.name, p.name, s.created FROM spaces s LEFT JOIN projects p ON p.id = s.project_id ORDER BY s.name").rows {
                Space(id: SpaceID($0.int64(0)), name: $0.string(1), project: $0.optionalString(2), created: $0.date(3))
            }
        }
    }

    /// Creates a page in `space` (the "Personal" space when nil).
    /// - Throws: `.notBootstrapped`, `.spaceNotFound`, `.invalidValue` (empty title).
    public func createPage(title: String, space: String? = nil, body: String = "", labels: [String] = []) throws -> Page {
        try store.write {
            _ = try store.requireBootstrap()
            let t = try TaskStore.validTitle(title, field: "page title")
            let spaceID = try resolveSpace(space ?? "Personal")
            let stamp = DatabaseValue(store.now)
            let uuid = TaskStore.newUUID()
            try store.db.run(
                "INSERT INTO pages(space_id, title, title_key, body, created, updated, uuid) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [.integer(spaceID), .text(t), .text(TaskStore.titleKey(t)), try store.storedBody(body, uuid: uuid), stamp, stamp, .text(uuid)])
            store.sealedIndex?.isStale = true
            let id = PageID(store.db.lastInsertRowID)
            for label in Pages.normalizeLabels(labels) {
                try store.db.run("INSERT OR IGNORE INTO page_labels(page_id, label) VALUES (?, ?)", [.integer(id.rawValue), .text(label)])
            }
            return try loadPage(id)
        }
    }

    public func page(_ id: PageID) throws -> Page {
        try store.read { try loadPage(id) }
    }

    /// Finds pages by title like `findTasks`: exact (case-insensitive) first, then substring.
    public func findPages(titled title: String) throws -> TitleMatch<Page> {
        try store.read {
            let key = TaskStore.titleKey(title.trimmingCharacters(in: .whitespacesAndNewlines))
            guard !key.isEmpty else { return .none }
            for sql in ["SELECT id FROM pages WHERE title_key = ? ORDER BY id LIMIT 50",
                        "SELECT id FROM pages WHERE instr(title_key, ?) > 0 ORDER BY id LIMIT 50"] {
                let ids = try store.db.cached(sql).bind([.text(key)]).rows { PageID($0.int64(0)) }
                if ids.count == 1 { return .unique(try loadPage(ids[0])) }
                if ids.count > 1 { return .ambiguous(try ids.map(loadPage)) }
            }
            return .none
        }
    }

    /// Appends Markdown to a page body, separated from what is there by a blank line.
    /// - Throws: `.pageNotFound`.
    public func appendToPage(_ id: PageID, markdown: String) throws -> Page {
        try store.write {
            var page = try loadPage(id)
            if page.isLocked {
                throw TaskStoreError.sealed("this page is sealed and the data key is not available, so nothing was added: \(store.keyUnavailable)")
            }
            var body = page.body
            while body.last?.isNewline == true { body.removeLast() }
            page.body = body.isEmpty ? markdown : body + "\n\n" + markdown
            let uuid = try store.db.cached("SELECT uuid FROM pages WHERE id = ?").bind([.integer(id.rawValue)]).first { $0.string(0) } ?? ""
            try store.db.run("UPDATE pages SET body = ?, updated = ? WHERE id = ?",
                             [try store.storedBody(page.body, uuid: uuid), DatabaseValue(store.now), .integer(id.rawValue)])
            store.sealedIndex?.isStale = true
            return try loadPage(id)
        }
    }

    /// Pages filtered by space name, label and title substring (all optional), by title; at most
    /// `limit`, starting after the page `after` in that order (keyset paging).
    /// - Throws: `.spaceNotFound` for a space that does not exist; `.pageNotFound` for an `after`
    ///   page that is gone.
    public func pages(space: String? = nil, label: String? = nil, titleContains: String? = nil, after: PageID? = nil, limit: Int? = nil) throws -> [Page] {
        try store.read {
            var conditions: [String] = []
            var values: [DatabaseValue] = []
            if let space {
                conditions.append("space_id = ?")
                values.append(.integer(try resolveSpace(space)))
            }
            if let label {
                conditions.append("id IN (SELECT page_id FROM page_labels WHERE label = ?)")
                values.append(.text(label.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            if let titleContains, !titleContains.isEmpty {
                conditions.append("instr(title_key, ?) > 0")
                values.append(.text(TaskStore.titleKey(titleContains)))
            }
            if let after {
                guard let key = try store.db.cached("SELECT title_key FROM pages WHERE id = ?").bind([.integer(after.rawValue)]).first({ $0.string(0) }) else {
                    throw TaskStoreError.pageNotFound("#\(after.rawValue) (the cursor's page is gone; list again without cursor)")
                }
                conditions.append("(title_key > ? OR (title_key = ? AND id > ?))")
                values += [.text(key), .text(key), .integer(after.rawValue)]
            }
            let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            values.append(.integer(Int64(limit ?? -1)))
            let ids = try store.db.cached("SELECT id FROM pages \(whereClause) ORDER BY title_key, id LIMIT ?").bind(values).rows { PageID($0.int64(0)) }
            return try ids.map(loadPage)
        }
    }

    /// Pages changed (made or edited) after `after`, each with its place in that order — the second
    /// it last changed here (its `updated`, or an undo's that put it back as it was, `updated`
    /// included), then its id — in that order, at most `limit` (keyset paging over what changed).
    public func changes(after: TaskQuery.Change, limit: Int) throws -> [(page: Page, change: TaskQuery.Change)] {
        try store.read {
            let changed = TaskStore.pageChangedSQL
            let rows = try store.db.cached("SELECT p.id, \(changed) FROM pages p WHERE \(changed) > ? OR (\(changed) = ? AND p.id > ?) ORDER BY \(changed), p.id LIMIT ?")
                .bind([.integer(after.updated), .integer(after.updated), .integer(after.id), .integer(Int64(limit))])
                .rows { (id: $0.int64(0), second: $0.int64(1)) }
            return try rows.map { (try loadPage(PageID($0.id)), TaskQuery.Change(updated: $0.second, id: $0.id)) }
        }
    }

    /// Links a page to a task (idempotent). - Throws: `.pageNotFound`, `.taskNotFound`.
    public func linkPage(_ page: PageID, toTask task: TaskID) throws -> Page {
        try store.write {
            _ = try loadPage(page)
            guard try store.db.scalar("SELECT id FROM tasks WHERE id = ?", [.integer(task.rawValue)]) != nil else {
                throw TaskStoreError.taskNotFound(task)
            }
            try store.db.run("INSERT OR IGNORE INTO page_links(page_id, task_id) VALUES (?, ?)", [.integer(page.rawValue), .integer(task.rawValue)])
            return try loadPage(page)
        }
    }

    /// Links a page to a project (idempotent). - Throws: `.pageNotFound`, `.projectNotFound`.
    public func linkPage(_ page: PageID, toProject project: String) throws -> Page {
        try store.write {
            _ = try loadPage(page)
            let p = try store.resolveProject(project)
            try store.db.run("INSERT OR IGNORE INTO page_links(page_id, project_id) VALUES (?, ?)", [.integer(page.rawValue), .integer(p.id)])
            return try loadPage(page)
        }
    }

    /// Full-text search over page titles and bodies (FTS5), best first, with snippets.
    ///
    /// Each word of `query` becomes a quoted prefix term (`"word"*`) and all must match, so user text
    /// can never be FTS syntax. Ranked by bm25 with title hits weighted 10× body hits; the snippet
    /// wraps matches in `[` `]`. `limit` is clamped to 1…101 (a caller asks for one more than it
    /// shows, to say whether more follow); `offset` skips that many of the best (a later page). An
    /// empty query finds nothing.
    ///
    /// With sealed bodies and the key, the search runs on a TEMP index of the opened bodies
    /// (`SealedSearch`); without the key, sealed pages are found by title only
    /// (`SealedSearch.notice` says so).
    public func searchPages(_ query: String, limit: Int = 10, offset: Int = 0) throws -> [PageSearchHit] {
        guard let match = PageSearchQuery.matchExpression(query) else { return [] }
        return try store.read {
            let index = try SealedSearch(store).indexTable() ?? "pages_fts"
            // Rank first, then build snippets for the few rows returned: with snippet() in the ranked
            // query SQLite would compute one for every match before sorting.
            let ranked = try store.db.cached(
                "SELECT rowid, bm25(\(index), 10.0, 1.0) AS score FROM \(index) WHERE \(index) MATCH ? ORDER BY score, rowid LIMIT ? OFFSET ?"
            ).bind([.text(match), .integer(Int64(min(max(limit, 1), 101))), .integer(Int64(max(offset, 0)))]).rows { ($0.int64(0), $0.double(1)) }
            let snippet = "SELECT snippet(\(index), -1, '[', ']', '…', 12) FROM \(index) WHERE \(index) MATCH ? AND rowid = ?"
            let hits = try ranked.map { hit in
                (hit.0, hit.1, try store.db.cached(snippet).bind([.text(match), .integer(hit.0)]).first { $0.string(0) } ?? "")
            }
            return try hits.map { PageSearchHit(page: try loadPage(PageID($0.0)), rank: $0.1, snippet: $0.2) }
        }
    }

    /// The sentence for reading a sealed page without the key.
    public var lockedPageSentence: String { "this page is sealed and the data key is not available: \(store.keyUnavailable)" }

    // MARK: Helpers

    func loadPage(_ id: PageID) throws -> Page {
        guard var page = try store.db.cached(
            "SELECT p.id, p.title, p.body, s.name, p.created, p.updated, p.uuid FROM pages p JOIN spaces s ON s.id = p.space_id WHERE p.id = ?"
        ).bind([.integer(id.rawValue)]).first({ s -> Page in
            let body = try store.openedBody(s, column: 2, uuid: s.string(6), pageID: s.int64(0))
            var page = Page(id: PageID(s.int64(0)), title: s.string(1), body: body ?? "", space: s.string(3), created: s.date(4), updated: s.date(5))
            page.isLocked = body == nil
            return page
        }) else { throw TaskStoreError.pageNotFound(id.description) }
        let key = [DatabaseValue.integer(id.rawValue)]
        page.labels = try store.db.cached("SELECT label FROM page_labels WHERE page_id = ? ORDER BY label").bind(key).rows { $0.string(0) }
        page.linkedTasks = try store.db.cached("SELECT task_id FROM page_links WHERE page_id = ? AND task_id IS NOT NULL ORDER BY task_id")
            .bind(key).rows { TaskID($0.int64(0)) }
        page.linkedProjects = try store.db.cached(
            "SELECT p.name FROM page_links k JOIN projects p ON p.id = k.project_id WHERE k.page_id = ? ORDER BY p.name"
        ).bind(key).rows { $0.string(0) }
        return page
    }

    /// The id of a space by name (case-insensitive). - Throws: `.spaceNotFound`.
    func resolveSpace(_ name: String) throws -> Int64 {
        let n = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = try store.db.scalar("SELECT id FROM spaces WHERE name = ?", [.text(n)]) else {
            throw TaskStoreError.spaceNotFound(n)
        }
        return id
    }

    /// Labels trimmed, without a leading `#`, empty ones dropped.
    static func normalizeLabels(_ labels: [String]) -> [String] {
        labels.compactMap {
            var l = $0.trimmingCharacters(in: .whitespacesAndNewlines)
            while l.first == "#" { l.removeFirst() }
            return l.isEmpty ? nil : l
        }
    }
}
