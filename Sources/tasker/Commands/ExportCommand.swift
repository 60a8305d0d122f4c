import Foundation
import TaskCLI
import TaskCore
import TaskIO
import TaskStore
import TaskSync

/// `tasker export --unkt FILE`, `tasker export --taskwarrior [--output FILE]` and `tasker export
/// --todotxt [--output FILE]`: everything, for another copy of Tasker, Taskwarrior or todo.txt.
enum ExportCommand: Command {
    static let unkt = OptionSpec.value("--unkt", "FILE", "write a .unkt bundle (ZIP: manifest.json, JSON Lines, pages as Markdown)")
    static let taskwarrior = OptionSpec.flag("--taskwarrior", "write every task, done ones included, as `task import` reads them")
    static let todotxt = OptionSpec.flag("--todotxt", "write every task as a todo.txt line (with uuid:, so it imports back)")
    static let xlsx = OptionSpec.value("--xlsx", "FILE", "write a spreadsheet: a Tasks sheet and a Projects sheet with progress")
    static let ics = OptionSpec.flag("--ics", "write every task as an iCalendar VTODO (RFC 5545); a recurring series is one VTODO with its completions")
    static let output = OptionSpec.value("--output", "FILE", "write to FILE instead of standard output (--taskwarrior, --todotxt, --ics)")
    static let force = OptionSpec.flag("--force", "replace an existing FILE (a symbolic link there is replaced, never followed)")

    static let signature = CommandSignature(
        name: "export", summary: "write everything as a .unkt bundle, .xlsx, Taskwarrior JSON, todo.txt or iCalendar",
        maxWords: 0, options: [unkt, xlsx, taskwarrior, todotxt, ics, output, force],
        details: """
            Writes every task, project, space, page and page link. A .unkt bundle is a ZIP that
            `tasker import` reads back exactly: manifest.json first (format, version, schema version,
            generator, created, counts, each file's SHA-256), then tasks.jsonl, projects.jsonl,
            places.jsonl, spaces.jsonl, pages.jsonl, links.jsonl, attachments.jsonl, pages/<uuid>.md and
            attachments/<sha256> (each attached file's bytes, once per content). Records keep their UUIDs and
            their created and modified times; fields Tasker has no column for travel under "x".
            Give exactly one of --unkt, --xlsx, --taskwarrior, --todotxt and --ics.
            A FILE is created new, with your umask's mode: an existing file or symbolic link at that
            name is never written through or over; --force replaces it (a link itself, not its target).
            """,
        examples: ["tasker export --unkt backup.unkt", "tasker export --taskwarrior | task import"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let bundle = arguments.value(Self.unkt)
        let tw = arguments.has(Self.taskwarrior), todo = arguments.has(Self.todotxt), ics = arguments.has(Self.ics)
        let sheet = arguments.value(Self.xlsx)
        guard [bundle != nil, sheet != nil, tw, todo, ics].filter({ $0 }).count == 1 else {
            throw UsageError("export: give exactly one of --unkt FILE, --xlsx FILE, --taskwarrior, --todotxt and --ics")
        }
        let store = try context.openStore()
        let records = try RecordSets(store).records()
        let replacing = arguments.has(Self.force)
        do {
            if let bundle {
                try UnktBundle.write(records, to: NewFile(path: bundle, replacing: replacing), generator: "tasker \(TaskerApp.version)",
                                     created: TaskStore.wholeSeconds(context.clock()), objects: context.attachmentSetup().objects,
                                     openEncrypted: { try Attachments(store).encryptedObjects(sha256: $0, in: context.attachmentSetup().objects) })
                context.output.err("exported \(records.tasks.count) tasks, \(records.projects.count) projects, \(records.spaces.count) spaces, \(records.pages.count) pages, \(records.attachments.count) attachments to \(bundle)")
                return 0
            }
            if let sheet {
                try XlsxWorkbook.write(records, to: NewFile(path: sheet, replacing: replacing), timeZone: context.timeZone)
                context.output.err("exported \(records.tasks.count) tasks and \(records.projects.count) projects to \(sheet)")
                return 0
            }
            let text: String
            if todo {
                text = TodoTxtWriter(timeZone: context.timeZone).write(records)
            } else if ics {
                text = VTodoFile(timeZone: context.timeZone, now: TaskStore.wholeSeconds(context.clock())).write(records)
            } else {
                text = TaskwarriorWriter(timeZone: context.timeZone).write(records)
            }
            if let path = arguments.value(Self.output) {
                try NewFile(path: path, replacing: replacing).write(Array(text.utf8))
            } else {
                try? FileDescriptorWriter.write(STDOUT_FILENO, text)
            }
        } catch NewFile.Failure.exists(let shown) {
            throw CommandFailure("\(shown) already exists; nothing was written — choose a new file name, or pass --force to replace it")
        } catch let failure as NewFile.Failure {
            throw CommandFailure(failure.description)
        }
        return 0
    }
}
