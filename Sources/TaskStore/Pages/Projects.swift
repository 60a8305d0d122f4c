import Foundation
import TaskCore

/// Lists, workflow stages and projects over the store's connection, `Projects(store)`.
public struct Projects {
    public let store: TaskStore

    public init(_ store: TaskStore) { self.store = store }

    /// Every list, the default ("Inbox") first, then by name.
    public func lists() throws -> [TaskList] {
        try store.read {
            try store.db.cached("SELECT id, name, is_default FROM lists ORDER BY is_default DESC, name").rows {
                TaskList(id: ListID($0.int64(0)), name: $0.string(1), isDefault: $0.int(2) != 0)
            }
        }
    }

    /// Creates a list. - Throws: `.notBootstrapped`, `.duplicateName`, `.invalidValue` (empty name).
    public func createList(name: String) throws -> TaskList {
        try store.write {
            _ = try store.requireBootstrap()
            let n = try TaskStore.validName(name, field: "list name")
            if try store.db.scalar("SELECT id FROM lists WHERE name = ?", [.text(n)]) != nil {
                throw TaskStoreError.duplicateName(kind: "list", name: n)
            }
            try store.db.run("INSERT INTO lists(name, is_default, created) VALUES (?, 0, ?)", [.text(n), DatabaseValue(store.now)])
            return TaskList(id: ListID(store.db.lastInsertRowID), name: n, isDefault: false)
        }
    }

    /// The workflow stages in board order.
    public func stages() throws -> [Stage] {
        try store.read {
            try store.db.cached("SELECT id, name, position, is_builtin FROM stages ORDER BY position, id").rows {
                Stage(id: StageID($0.int64(0)), name: $0.string(1), position: $0.int(2), isBuiltIn: $0.int(3) != 0)
            }
        }
    }

    /// Creates a project. - Throws: `.notBootstrapped`, `.duplicateName`, `.invalidValue` (empty name).
    public func createProject(name: String, notes: String? = nil) throws -> Project {
        try store.write {
            _ = try store.requireBootstrap()
            let n = try TaskStore.validName(name, field: "project name")
            if try store.db.scalar("SELECT id FROM projects WHERE name = ?", [.text(n)]) != nil {
                throw TaskStoreError.duplicateName(kind: "project", name: n)
            }
            let stamp = TaskStore.wholeSeconds(store.now)
            let uuid = TaskStore.newUUID()
            try store.db.run("INSERT INTO projects(name, notes, created, updated, uuid) VALUES (?, ?, ?, ?, ?)",
                             [.text(n), try store.storedNotes(notes, table: "projects", uuid: uuid), DatabaseValue(stamp), DatabaseValue(stamp), .text(uuid)])
            return Project(id: ProjectID(store.db.lastInsertRowID), name: n, notes: notes, created: stamp)
        }
    }

    /// Projects by name with open/done counts.
    public func projects() throws -> [ProjectSummary] {
        try store.read {
            try store.db.cached(
                """
                SELECT p.id, p.name, p.notes, p.created,
                    (SELECT count(*) FROM tasks t WHERE t.project_id = p.id AND t.status = 'open'),
                    (SELECT count(*) FROM tasks t WHERE t.project_id = p.id AND t.status = 'done'),
                    p.uuid
                FROM projects p ORDER BY p.name
                """
            ).rows {
                ProjectSummary(project: try readProject($0, uuidColumn: 6), openCount: $0.int(4), doneCount: $0.int(5))
            }
        }
    }

    /// The project with this name (case-insensitive), if any.
    public func project(named name: String) throws -> Project? {
        try store.read {
            try store.db.cached("SELECT id, name, notes, created, uuid FROM projects WHERE name = ?")
                .bind([.text(name.trimmingCharacters(in: .whitespacesAndNewlines))])
                .first { try readProject($0, uuidColumn: 4) }
        }
    }

    /// A project from columns id, name, notes, created (0–3) and its UUID: sealed notes opened with
    /// the key, or left nil and `notesLocked` without it or when they do not open (damaged, moved
    /// from another row), so a list of projects still answers.
    private func readProject(_ s: Statement, uuidColumn: Int32) throws -> Project {
        var project = Project(id: ProjectID(s.int64(0)), name: s.string(1), notes: s.isBlob(2) ? nil : s.optionalString(2), created: s.date(3))
        if s.isBlob(2) {
            do {
                project.notes = try store.openedValue(s.bytes(2), table: "projects", uuid: s.string(uuidColumn), column: "notes",
                                                what: "the notes of project '\(project.name)'")
            } catch TaskStoreError.sealed {
                project.notes = nil
            }
            project.notesLocked = project.notes == nil
        }
        return project
    }
}
