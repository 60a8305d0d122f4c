import TaskCore
/// The live schema of a database as normalised text, for comparison with `Fixtures/schema/vN.sql`.
///
/// One line per `sqlite_master` entry that has SQL (tables, indexes, triggers, the FTS5 table and its
/// shadow tables), sorted by type then name, whitespace collapsed, each ending in `;`.
enum SchemaSnapshot {
    static func text(of db: Database) throws -> String {
        let rows = try db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name")
            .rows { $0.string(2) }
        return rows.map { normalize($0) + ";" }.joined(separator: "\n") + "\n"
    }

    static func normalize(_ sql: String) -> String {
        var out = ""
        var pendingSpace = false
        for ch in sql {
            if ch.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace && !(ch == ")" || ch == "," || out.last == "(") { out.append(" ") }
            pendingSpace = false
            out.append(ch)
        }
        return out
    }
}

extension TaskStore {
    /// The live schema as normalised text (see `SchemaSnapshot`); the schema version is `schemaVersion`.
    func schemaSnapshot() throws -> String { try mapErrors { try SchemaSnapshot.text(of: db) } }

    /// `PRAGMA user_version` of the open database.
    func storedSchemaVersion() throws -> Int { try mapErrors { Int(try db.scalar("PRAGMA user_version") ?? 0) } }
}
