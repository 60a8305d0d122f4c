import Foundation
import TaskCore

extension AgentChanges {
    /// Takes back every change `agentID` made from `since` on that no undo dealt with yet, newest
    /// first, in one transaction with its receipt (agent `owner`, tool `agent_undo`).
    ///
    /// A row the agent created is deleted; a row it deleted is inserted again with its id and every
    /// column (its contexts, page links, labels and attachments come back the same way, having been
    /// recorded as they cascaded); a field it changed is set back. Nothing someone else changed since
    /// is overwritten: a field whose value is no longer the one the agent wrote, a row the agent
    /// created that was changed or is referred to since (a subtask, a link added by the owner), a row
    /// deleted since, an id taken since, a row whose parent is gone: each is listed in `kept` and left
    /// as it is. The recorded changes are then marked undone, so undoing again finds nothing; the
    /// undo's own writes are the owner's, never the agent's, so they are not undone by a later one.
    /// With `dryRun` the same work runs and is rolled back: the report says what would change.
    /// - Throws: `TaskStoreError` when the database fails, or the receipts key cannot be read.
    public func undo(agentID: Int64, agentName: String, since: Date, dryRun: Bool) throws -> AgentUndoReport {
        var report = AgentUndoReport(agent: agentName, since: since, dryRun: dryRun)
        if !dryRun { try prune() }
        do {
            try store.write {
                var undoing = Undoing(store: store)
                let seconds = Int64(TaskStore.wholeSeconds(since).timeIntervalSince1970)
                let from = DatabaseValue.integer(seconds)
                let ops = try store.db.prepare(
                    "SELECT DISTINCT op FROM agent_changes WHERE agent_id = ? AND ts >= ? AND undone IS NULL ORDER BY op DESC"
                ).bind([.integer(agentID), from]).rows { $0.int64(0) }
                for op in ops { try undoing.undo(op: op) }
                // The tasks and pages put back keep their own `updated` (the export is as before): changed now all the same.
                try store.markTasksChanged(undoing.touchedTasks.sorted())
                try store.markPagesChanged(undoing.touchedPages.sorted())
                report.changeCount = ops.count
                report.items = try undoing.items()
                report.kept = try undoing.keptItems()
                if ops.isEmpty { return }
                if dryRun { throw DryRun() }
                // The receipt's arguments: the agent and the time from, as the command was given.
                let arguments = "agent_undo agent=\(agentID) since=\(seconds)"
                let receipt = try store.appendReceipt(
                    agentID: 0, tool: "agent_undo", argumentsHash: SHA256.hex(arguments),
                    resultHash: SHA256.hex(report.lines(since: "\(seconds)").joined(separator: "\n")), decision: "undone", approvalID: nil)
                report.receiptSeq = receipt.seq
                try store.db.run("UPDATE agent_changes SET undone = ? WHERE agent_id = ? AND ts >= ? AND undone IS NULL",
                                 [.integer(receipt.seq), .integer(agentID), from])
            }
        } catch is DryRun {}
        return report
    }

    /// Thrown to roll a dry run back once its report is made.
    private struct DryRun: Error {}
}

/// One undo under way: the tables as read from the schema, what was put back and what was kept.
private struct Undoing {
    let store: TaskStore
    var db: Database { store.db }
    private var tables: [String: ChangedTable] = [:]
    /// Who refers to each table: (the referring table, its column, the referred column or nil for the key).
    private var referrers: [String: [(table: String, column: String, target: String?)]]?
    private var order: [Record] = []
    private var actions: [Record: (action: AgentUndoReport.Item.Action?, fields: Set<String>)] = [:]
    private var names: [Record: String] = [:]
    private var kept: [(Record, String?, String)] = []
    /// The tasks whose row, contexts, links or attachments this undo wrote.
    private(set) var touchedTasks: Set<Int64> = []
    /// The pages whose row, labels, links or attachments this undo wrote.
    private(set) var touchedPages: Set<Int64> = []

    init(store: TaskStore) { self.store = store }

    /// A record as the report names it: a task, page, project… by table and id.
    struct Record: Hashable {
        var table: String
        var id: String
    }

    private mutating func table(_ name: String) throws -> ChangedTable? {
        guard AgentChanges.tracked.contains(name) else { return nil }
        if let known = tables[name] { return known }
        let table = try ChangedTable.read(name, in: db)
        tables[name] = table
        return table
    }

    /// Takes back one recorded row change.
    mutating func undo(op: Int64) throws {
        var tableName = "", kind = "", rid: Int64?
        var old: [String: DatabaseValue] = [:], new: [String: DatabaseValue] = [:], order: [String] = []
        let rows = try db.prepare("SELECT tbl, kind, rid, col, old, new FROM agent_changes WHERE op = ? ORDER BY id").bind([.integer(op)])
        while try rows.step() {
            (tableName, kind, rid) = (rows.string(0), rows.string(1), rows.optionalInt64(2))
            let column = rows.string(3)
            order.append(column)
            old[column] = rows.value(4)
            new[column] = rows.value(5)
        }
        guard let table = try table(tableName), order.allSatisfy(table.columns.contains) else { return }
        switch kind {
        case "insert": try undoInsert(table, rid: rid, image: new)
        case "delete": try undoDelete(table, rid: rid, image: old)
        case "update": try undoUpdate(table, rid: rid, columns: order, old: old, new: new)
        default: return
        }
    }

    private mutating func undoInsert(_ table: ChangedTable, rid: Int64?, image: [String: DatabaseValue]) throws {
        let key = table.rowKey(rid: rid, image)
        let (record, field) = describe(table, rid: rid, image)
        guard let current = try table.current(key, in: db) else { return }
        let changed = table.columns.filter { !ChangedTable.bookkeeping.contains($0) && current[$0] != image[$0] }
        if !changed.isEmpty {
            keep(record, field, "\(field == nil ? "created by the agent and " : "")changed since (\(changed.joined(separator: ", "))); kept")
            return
        }
        if let referrer = try referrer(of: table, key: key, image) {
            keep(record, field, "created by the agent, but \(referrer) refers to it since; kept")
            return
        }
        // A task the agent made goes as a delete does: a reader of changes_since hears of it.
        if table.name == "tasks", let rid, case .text(let uuid)? = current["uuid"] { try store.recordTaskTombstone(uuid: uuid, id: rid) }
        try db.run("DELETE FROM main.\"\(table.name)\" WHERE \(table.rowCondition)", key)
        touch(table, rid: rid, image)
        note(record, field.map { _ in .reverted } ?? .deleted, field)
    }

    private mutating func undoDelete(_ table: ChangedTable, rid: Int64?, image: [String: DatabaseValue]) throws {
        var image = image
        let key = table.rowKey(rid: rid, image)
        let (record, field) = describe(table, rid: rid, image)
        if try table.current(key, in: db) != nil {
            keep(record, field, field == nil ? "deleted by the agent, and its id is taken since; not restored" : "added again since")
            return
        }
        for foreign in table.foreignKeys {
            guard let value = image[foreign.column], value != .null, try !exists(foreign, value) else { continue }
            if foreign.setsNullOnDelete {
                image[foreign.column] = .null
            } else {
                keep(record, field, "deleted by the agent, and the \(singular(foreign.table)) it belongs to is gone since; not restored")
                return
            }
        }
        var columns = table.columns, values = table.columns.map { image[$0] ?? .null }
        if table.hasRowID && table.rowIDColumn == nil, let rid {
            columns.insert("rowid", at: 0)
            values.insert(.integer(rid), at: 0)
        }
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try db.run("INSERT INTO main.\"\(table.name)\"(\(list)) VALUES (\(marks))", values)
        touch(table, rid: rid, image)
        note(record, field.map { _ in .reverted } ?? .restored, field)
    }

    private mutating func undoUpdate(_ table: ChangedTable, rid: Int64?, columns: [String], old: [String: DatabaseValue],
                                     new: [String: DatabaseValue]) throws {
        let key = table.rowKey(rid: rid, new)
        guard let current = try table.current(key, in: db) else {
            let (record, _) = describe(table, rid: rid, old)
            let shown = columns.filter { !ChangedTable.bookkeeping.contains($0) }
            if !shown.isEmpty { keep(record, shown.joined(separator: ", "), "deleted since; not restored") }
            return
        }
        let (record, _) = describe(table, rid: rid, current)
        var sets: [(String, DatabaseValue)] = []
        for column in columns {
            let before = old[column] ?? .null
            if current[column] != new[column] {
                if !ChangedTable.bookkeeping.contains(column) { keep(record, column, "changed since; kept as it is now") }
                continue
            }
            if let foreign = table.foreignKeys.first(where: { $0.column == column }), before != .null, try !exists(foreign, before) {
                keep(record, column, "the \(singular(foreign.table)) it was is gone since; kept as it is now")
                continue
            }
            sets.append((column, before))
        }
        guard !sets.isEmpty else { return }
        let assignments = sets.map { "\"\($0.0)\" = ?" }.joined(separator: ", ")
        try db.run("UPDATE main.\"\(table.name)\" SET \(assignments) WHERE \(table.rowCondition)", sets.map(\.1) + key)
        touch(table, rid: rid, current)
        let fields = sets.map(\.0).filter { !ChangedTable.bookkeeping.contains($0) }
        if fields.isEmpty { return }
        for field in fields { note(record, .reverted, field) }
    }

    /// Notes the task or page a written row is or belongs to (contexts, labels, links, attachments).
    private mutating func touch(_ table: ChangedTable, rid: Int64?, _ image: [String: DatabaseValue]) {
        if table.name == "tasks", let rid { touchedTasks.insert(rid) }
        if table.name == "pages", let rid { touchedPages.insert(rid) }
        if case .integer(let task)? = image["task_id"] { touchedTasks.insert(task) }
        if case .integer(let page)? = image["page_id"] { touchedPages.insert(page) }
    }

    /// Whether the row a foreign key's value names exists.
    private func exists(_ foreign: ChangedTable.ForeignKey, _ value: DatabaseValue) throws -> Bool {
        let column = foreign.target.map { "\"\($0)\"" } ?? "rowid"
        return try db.prepare("SELECT 1 FROM main.\"\(foreign.table)\" WHERE \(column) = ? LIMIT 1").bind([value]).first { _ in true } ?? false
    }

    /// A row of another table that refers to this one now ("task #14" for a subtask), or nil.
    private mutating func referrer(of table: ChangedTable, key: [DatabaseValue], _ image: [String: DatabaseValue]) throws -> String? {
        if referrers == nil {
            var found: [String: [(table: String, column: String, target: String?)]] = [:]
            let names = try db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'").bind([]).rows { $0.string(0) }
            for name in names {
                let keys = try db.prepare("SELECT \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?)").bind([.text(name)]).rows {
                    ($0.string(0), $0.string(1), $0.optionalString(2))
                }
                for (target, column, to) in keys { found[target, default: []].append((name, column, to)) }
            }
            referrers = found
        }
        for (name, column, target) in referrers?[table.name] ?? [] {
            let value = target.map { image[$0] ?? .null } ?? key.first ?? .null
            if value == .null { continue }
            if try db.prepare("SELECT 1 FROM main.\"\(name)\" WHERE \"\(column)\" = ? LIMIT 1").bind([value]).first({ _ in true }) ?? false {
                return "a \(singular(name).replacingOccurrences(of: "_", with: " "))"
            }
        }
        return nil
    }

    /// The record a row belongs to as the report names it, and the field it is for a row that is
    /// part of another record (a task's context, a page's label or link).
    private mutating func describe(_ table: ChangedTable, rid: Int64?, _ image: [String: DatabaseValue]) -> (Record, String?) {
        let parts: [String: (String, String, String)] = [
            "task_contexts": ("tasks", "task_id", "contexts"), "page_labels": ("pages", "page_id", "labels"),
            "page_links": ("pages", "page_id", "links"), "tombstones": ("tombstones", "uuid", "deletion"),
        ]
        if let (parent, column, field) = parts[table.name] {
            return (Record(table: parent, id: Self.text(image[column] ?? .null)), field)
        }
        let id = table.rowIDColumn.flatMap { image[$0] }.map(Self.text) ?? rid.map(String.init) ?? ""
        let record = Record(table: table.name, id: id)
        if let name = image["title"] ?? image["name"], case .text(let text) = name { names[record] = text }
        return (record, nil)
    }

    private static func text(_ value: DatabaseValue) -> String {
        switch value {
        case .integer(let v): "\(v)"
        case .text(let v): v
        case .real(let v): "\(v)"
        case .blob, .null: ""
        }
    }

    private func singular(_ table: String) -> String { table.hasSuffix("s") ? String(table.dropLast()) : table }

    private mutating func note(_ record: Record, _ action: AgentUndoReport.Item.Action, _ field: String?) {
        if actions[record] == nil {
            order.append(record)
            actions[record] = (nil, [])
        }
        if action != .reverted {
            actions[record]?.action = action
        } else if let field {
            actions[record]?.fields.insert(field)
        }
    }

    private mutating func keep(_ record: Record, _ field: String?, _ reason: String) {
        kept.append((record, field, reason))
    }

    /// What was put back, one item per record, tombstones left out (sync's bookkeeping).
    func items() throws -> [AgentUndoReport.Item] {
        try order.filter { $0.table != "tombstones" }.compactMap { record in
            guard let entry = actions[record] else { return nil }
            if entry.action == nil && entry.fields.isEmpty { return nil }
            return AgentUndoReport.Item(record: try name(record), action: entry.action ?? .reverted, fields: entry.fields.sorted())
        }
    }

    /// What was left alone, in the order met (newest change first).
    func keptItems() throws -> [AgentUndoReport.Kept] {
        try kept.filter { $0.0.table != "tombstones" }.map { AgentUndoReport.Kept(record: try name($0.0), field: $0.1, reason: $0.2) }
    }

    /// `task #12 'Call mom'`, with the title as it is now, or as the agent's change recorded it.
    private func name(_ record: Record) throws -> String {
        var title = names[record]
        if let table = tables[record.table] ?? (try? ChangedTable.read(record.table, in: db)), let column = ["title", "name"].first(where: table.columns.contains),
           let id = Int64(record.id),
           let now = try db.prepare("SELECT \"\(column)\" FROM main.\"\(record.table)\" WHERE rowid = ?").bind([.integer(id)]).first({ $0.optionalString(0) }) {
            title = now
        }
        return "\(singular(record.table)) #\(record.id)" + (title.map { " '\($0)'" } ?? "")
    }
}
