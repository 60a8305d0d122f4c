import Foundation
import TaskCore
import TaskStore

/// Where a toolkit's path arguments may point: the one rule every tool that takes a path follows
/// (`export_tasks`, `import_tasks`, `attach_file`, `open_attachment`).
///
/// The owner's doors (`tasker call`, the chat) name any host path. An agent never does: every MCP
/// session is an agent for this rule (a keyless stdio client included), and each agent's path
/// arguments are relative file names inside its own folder, `<data dir>/agents/<name>/files/`
/// (`ConfinedFolder`). Results to an agent carry those relative names, never a host path.
public enum FileAccess: Sendable, Hashable {
    /// The owner's: any path, `~/` under HOME.
    case host
    /// An agent's: relative names inside one folder; nothing outside it, no links, nothing overwritten.
    case confined(ConfinedFolder)
    /// `within`'s access, except that the file `HeldFile.name` is the bytes held (an approved call's
    /// file, read once and checked against its pin).
    indirect case held(HeldFile, within: FileAccess)

    /// The rule in the words of the tool descriptions every client sees.
    public static let agentRule = "An agent (every MCP client) names no host path: a path is a file name inside its own folder, "
        + "<data dir>/agents/<name>/files/ (no absolute path, '..', link, device or FIFO; nothing overwritten), and results name files the same way; "
        + "the owner's tasker call and chat take any path."

    /// The folder (`KIND` beside the database) holding every agent's own folder.
    public static let agentsKind = "agents"
    /// The folder name of the keyless MCP client (stdio without an agent key).
    public static let keylessName = "mcp"

    /// The keyless MCP client's access: `<data dir>/agents/mcp/files/`.
    public static func keyless(database: String) -> FileAccess {
        .confined(ConfinedFolder(path: TaskStore.folder(agentsKind, besideDatabase: database) + "/" + keylessName + "/files"))
    }

    /// Agent `name`'s (id `id`) access: `<data dir>/agents/<name>/files/`. A name that is not a plain
    /// file name (letters, digits, `.`, `_`, `-`; not starting with `.`), or is the keyless client's,
    /// becomes `<name with _ for other characters>+<id>`, so no two agents share a folder.
    public static func agent(named name: String, id: Int64, database: String) -> FileAccess {
        .confined(ConfinedFolder(path: TaskStore.folder(agentsKind, besideDatabase: database) + "/" + folderName(name, id: id) + "/files"))
    }

    static func folderName(_ name: String, id: Int64) -> String {
        let plain = name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
        if plain, !name.isEmpty, !name.hasPrefix("."), name.utf8.count <= 64, name != keylessName { return name }
        let cleaned = String(name.unicodeScalars.prefix(48).map { scalar -> Character in
            scalar.isASCII && CharacterSet.alphanumerics.contains(scalar) ? Character(scalar) : "_"
        })
        return cleaned + "+\(id)"
    }

    /// Whether paths are confined (an agent's door).
    public var isConfined: Bool {
        switch self {
        case .host: false
        case .confined: true
        case .held(_, let within): within.isConfined
        }
    }

    /// The same access with the file `file.name` read from `file`'s bytes.
    public func holding(_ file: HeldFile) -> FileAccess { .held(file, within: self) }

    /// Runs `body` with a path that reads the file `argument` names and the name to show for it.
    /// Confined: the file is opened without following links, checked to be a regular file inside
    /// the folder, and read through `/proc/self/fd` (so it cannot be swapped meanwhile).
    /// - Throws: `ConfinedFolder.Refusal`; what `body` throws.
    public func reading<R>(_ argument: String, _ body: (_ path: String, _ shown: String) throws -> R) throws -> R {
        switch self {
        case .host:
            let path = TaskToolkit.expandHome(argument)
            return try body(path, path)
        case .confined(let folder):
            let fd = try folder.openForReading(argument)
            defer { close(fd) }
            return try body("/proc/self/fd/\(fd)", argument)
        case .held(let file, let within):
            guard argument == file.name else { return try within.reading(argument, body) }
            let fd = try file.openCopy()
            defer { close(fd) }
            return try body("/proc/self/fd/\(fd)", within.isConfined ? argument : TaskToolkit.expandHome(argument))
        }
    }

    /// The new file `argument` names (`NewFile`: never through a link or over an existing file).
    /// Confined: inside the folder, 0600; host: the owner's umask unless `ownerOnly`.
    /// - Throws: `ConfinedFolder.Refusal`.
    public func newFile(_ argument: String, ownerOnly: Bool = false) throws -> NewFile {
        switch self {
        case .host: return NewFile(path: TaskToolkit.expandHome(argument), ownerOnly: ownerOnly)
        case .confined(let folder): return try folder.newFile(argument)
        case .held(_, let within): return try within.newFile(argument, ownerOnly: ownerOnly)
        }
    }

    /// A new file with an unpredictable name (`tasker-export-<day>-<random>.<ext>`, 0600) for an
    /// export given no path: in the agent's folder, or for the owner in `exports/` beside the
    /// database (a 0700 folder).
    /// - Throws: `ConfinedFolder.Refusal` when the folder cannot be made.
    public func freshFile(prefix: String, extension ext: String, day: String, database: String) throws -> NewFile {
        var generator = SystemRandomNumberGenerator()
        let name = "\(prefix)-\(day)-" + String(generator.next() as UInt64, radix: 36) + "." + ext
        switch self {
        case .held(_, let within):
            return try within.freshFile(prefix: prefix, extension: ext, day: day, database: database)
        case .confined(let folder):
            return try folder.newFile(name)
        case .host:
            let exports = TaskStore.folder("exports", besideDatabase: database)
            do { try OwnerOnlyFile.makeDirectory(exports) } catch {
                throw ConfinedFolder.Refusal("cannot create the folder \(exports) for exports (\(error)); pass a path")
            }
            let path = exports + "/" + name
            return NewFile(path: path, ownerOnly: true)
        }
    }

    /// `text` with the data folder's host path (the database's folder) taken out, for what an agent
    /// reads: a refusal that names a stored object or the database says `<data dir>` instead.
    func scrubbed(_ text: String, database: String) -> String {
        guard isConfined else { return text }
        let folder = NewFile.folder(of: database)
        guard folder.count > 1, text.contains(folder) else { return text }
        return text.replacingOccurrences(of: folder, with: "<data dir>")
    }
}
