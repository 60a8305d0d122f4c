import Foundation
import TaskCLI
import TaskCore
import TaskStore

/// `tasker gc`: removes attachment objects that no attachment names any more.
enum GCCommand: Command {
    static let dryRun = OptionSpec.flag("--dry-run", "say what would be removed and remove nothing")

    static let signature = CommandSignature(
        name: "gc", summary: "remove stored attachment bytes that nothing names any more", maxWords: 0, options: [dryRun],
        details: """
            Attachment bytes live outside the database, one file per distinct content, in the object
            folder beside it ($XDG_DATA_HOME/tasker/objects for the default database; NAME.objects
            beside a database file NAME given with --db). Detaching a file, or deleting its task,
            removes only the database row, so /undo can bring it back; gc removes the files that no
            row names, and copies left by a killed attach. It waits for attaches in progress.
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let objects = context.attachmentSetup().objects
        if arguments.has(Self.dryRun) {
            let unreferenced = try store.unreferencedObjects(objects).unreferenced
            for (hash, suffix) in unreferenced { context.output.text("would remove \(objects.path(of: hash, suffix: suffix))") }
            context.output.text("\(unreferenced.count) object\(unreferenced.count == 1 ? "" : "s") would be removed; nothing was removed")
            return 0
        }
        let result = try store.collectGarbage(objects: objects)
        var line = "removed \(result.removed) object\(result.removed == 1 ? "" : "s") (\(ByteCount.text(result.freedBytes))), kept \(result.kept)"
        if result.temporaryFiles > 0 { line += ", and \(result.temporaryFiles) leftover temporary file\(result.temporaryFiles == 1 ? "" : "s")" }
        context.output.text(line)
        return 0
    }
}

/// `tasker verify`: re-hashes every attachment object and names any that is damaged or missing.
enum VerifyCommand: Command {
    static let signature = CommandSignature(
        name: "verify", summary: "re-hash every stored attachment and name any that is damaged or missing", maxWords: 0,
        details: """
            Reads every object in the attachment store and checks that its content still hashes to its
            name (its SHA-256), and that every object an attachment names is there. Each damaged or
            missing object is one line with the attachments that use it. Exit status 0 when all are
            intact, 1 when any is damaged or missing: restore it from a backup or a .unkt bundle
            (tasker import puts the bytes back), or detach it. With attachments.upload configured,
            it also says how many objects have no remote copy yet (`tasker upload` retries them).
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let setup = context.attachmentSetup()
        let objects = setup.objects
        let result = try store.verifyObjects(objects: objects)
        var users: [String: [Attachment]] = [:]
        if !result.isClean {
            for attachment in try store.attachments() { users[attachment.sha256, default: []].append(attachment) }
        }
        func named(_ hash: String) -> String {
            let list = users[hash] ?? []
            guard !list.isEmpty else { return "no attachment uses it" }
            let names = list.prefix(3).map { "#\($0.id) '\($0.name)'" }.joined(separator: ", ")
            return "used by \(names)\(list.count > 3 ? " and \(list.count - 3) more" : "")"
        }
        for corrupt in result.corrupt {
            context.output.text("CORRUPT \(corrupt.path): \(corrupt.problem); \(named(corrupt.sha256))")
        }
        for hash in result.missing {
            context.output.text("MISSING \(objects.path(of: hash)); \(named(hash))")
        }
        let total = result.intact + result.corrupt.count
        var summary = "\(total) object\(total == 1 ? "" : "s") checked: \(result.intact) intact, \(result.corrupt.count) damaged, \(result.missing.count) missing"
        if result.unreferenced > 0 { summary += "; \(result.unreferenced) no longer used (tasker gc removes them)" }
        if setup.uploader != nil {
            let local = Set(try store.attachments().filter { $0.remoteURL == nil }.map(\.sha256)).count
            if local > 0 { summary += "; \(local) not uploaded yet (tasker upload retries)" }
        }
        context.output.text(summary)
        return result.isClean ? 0 : 1
    }
}
