import Foundation

/// A project groups tasks toward one outcome.
public struct Project: Sendable, Hashable, Identifiable {
    public var id: ProjectID
    public var name: String
    public var notes: String?
    /// The notes are sealed and the data key is not available: `notes` is nil, never the ciphertext.
    public var notesLocked = false
    public var created: Date

    public init(id: ProjectID, name: String, notes: String? = nil, created: Date) {
        self.id = id
        self.name = name
        self.notes = notes
        self.created = created
    }
}

/// A project with its open and done task counts; `progress` is done / (open + done), 0 when empty.
public struct ProjectSummary: Sendable, Hashable {
    public var project: Project
    public var openCount: Int
    public var doneCount: Int

    public init(project: Project, openCount: Int, doneCount: Int) {
        self.project = project
        self.openCount = openCount
        self.doneCount = doneCount
    }

    public var progress: Double {
        let total = openCount + doneCount
        return total == 0 ? 0 : Double(doneCount) / Double(total)
    }
}
