import Foundation
import TaskCLI
import TaskCalendar
import TaskCore
import TaskIO
import TaskStore
import TaskSync

/// `tasker import FILE.unkt [--mode merge|replace|skip] [--dry-run]` and
/// `tasker import --taskwarrior FILE|-` and `tasker import --todotxt FILE|-`: records in by UUID, all
/// in one transaction or none. `tasker import --ics FILE|-`: VTODOs in by UID, a recurring series as
/// its open occurrence and its completions (`VTodoFile`), merged by the same rule as bundles.
enum ImportCommand: Command {
    static let taskwarrior = OptionSpec.flag("--taskwarrior", "read `task export` output (a JSON array or JSON lines); - is standard input")
    static let todotxt = OptionSpec.flag("--todotxt", "read todo.txt (one task per line); - is standard input")
    static let ics = OptionSpec.flag("--ics", "read iCalendar VTODOs (what export --ics writes); - is standard input")
    static let mode = OptionSpec.value("--mode", "MODE", "merge (default: newer modified wins field by field, a field the newer lacks is kept), replace or skip")
    static let dryRun = OptionSpec.flag("--dry-run", "say what would change and write nothing")

    static let signature = CommandSignature(
        name: "import", summary: "read a .unkt bundle, Taskwarrior JSON, todo.txt or iCalendar into the database",
        words: ["FILE.unkt", "--taskwarrior FILE|-", "--todotxt FILE|-", "--ics FILE|-"], maxWords: 1, options: [taskwarrior, todotxt, ics, mode, dryRun],
        details: """
            Imports by UUID in one transaction: everything or nothing. A bundle is checked whole
            before anything is written: entry paths (no .., no absolute paths), no symbolic links,
            declared sizes, and every file's SHA-256 against manifest.json (attachments' bytes
            too, streamed into the object store and put in place only with the records). Every error names the
            file, the entry or line, and the field.
              --mode merge    a record already here takes the newer 'modified' field by field and
                              keeps any field the newer one lacks (the default)
              --mode replace  the incoming record replaces the one here
              --mode skip     records already here stay as they are
            Every format takes --mode and --dry-run (a dry run lists each .ics task it would add or
            change). Size limits: a Taskwarrior or todo.txt file 256 MiB, an .ics file 128 MiB and
            one of its lines 8 MiB (unfolded), a bundle's entry 256 MiB.
            An import that takes over a second shows its progress on stderr (a line redrawn in
            place on a terminal, a line every two seconds otherwise).
            Prints one line: added, updated, unchanged, skipped. Exit status 1 when nothing was imported.
            """,
        examples: ["tasker import backup.unkt --dry-run", "task export | tasker import --taskwarrior -"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let file = arguments.words.first else { throw UsageError("import: give a .unkt file, or --taskwarrior, --todotxt or --ics FILE (- for standard input)") }
        let modeText = arguments.value(Self.mode) ?? "merge"
        guard let mode = ImportMode(rawValue: modeText) else { throw UsageError("import: --mode is merge, replace or skip, not '\(modeText)'") }
        let store = try context.openStore()
        let started = Date()
        let progress = ImportProgress(source: file == "-" ? "standard input" : (file as NSString).lastPathComponent)
        defer { progress.finish() }
        let imported: ImportedRecords
        let source: String
        if [arguments.has(Self.taskwarrior), arguments.has(Self.todotxt), arguments.has(Self.ics)].filter({ $0 }).count > 1 {
            throw UsageError("import: give one of --taskwarrior, --todotxt and --ics")
        }
        if arguments.has(Self.ics) {
            let text = try readText(file, context, limit: ICalendarLimits.textBytes)
            let summary = try VTodoFile(timeZone: context.timeZone, now: TaskStore.wholeSeconds(context.clock()))
                .read(text, source: file == "-" ? "standard input" : file, into: store, mode: mode, dryRun: arguments.has(Self.dryRun))
            if summary.dryRun { for change in summary.changes { context.output.text("would " + change) } }
            context.output.text(summary.line)
            return 0
        }
        if arguments.has(Self.taskwarrior) || arguments.has(Self.todotxt) {
            source = file == "-" ? "standard input" : file
            let text = try readText(file, context, limit: Self.textLimit)
            progress.phase("reading \(ImportProgress.grouped(text.utf8.count)) bytes")
            let projects = try RecordSets(store).projectRecords()
            if arguments.has(Self.todotxt) {
                imported = try TodoTxtReader(timeZone: context.timeZone, now: context.clock(), projects: projects).read(text, source: source)
            } else {
                imported = try TaskwarriorReader(timeZone: context.timeZone, now: context.clock(), projects: projects).read(text, source: source)
            }
        } else {
            source = file
            imported = try UnktBundle.read(path: file, source: file, objects: context.attachmentSetup().objects)
        }
        progress.finish()
        for warning in imported.warnings { context.output.err("tasker: warning: \(warning)") }
        progress.phase("comparing \(ImportProgress.grouped(imported.records.count)) records with the database")
        let report = try RecordImporter(store: store, source: source, locations: imported.locations)
            .apply(imported.records, mode: mode, dryRun: arguments.has(Self.dryRun), objects: context.attachmentSetup().objects,
                   staged: imported.staged, progress: progress.written)
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        if seconds > 1 { context.output.err(String(format: "imported %d records in %.1f s", imported.records.count, seconds)) }
        context.output.text(report.summary)
        return 0
    }

    /// The most a Taskwarrior or todo.txt file may hold: 256 MiB (a bundle's largest entry).
    static let textLimit = 256 << 20

    /// The text of `file` ("-": standard input), as UTF-8; a missing or unreadable file says so, and a
    /// file over `limit` bytes is refused by its size before a byte is read.
    private static func readText(_ file: String, _ context: CommandContext, limit: Int) throws -> String {
        if file == "-" { return try context.readStandardInput() }
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > limit {
            throw IOError.malformed(source: file, location: nil, field: nil,
                                    reason: "it is \(ImportProgress.grouped(size)) bytes, over the \(limit >> 20) MiB an import of this format reads")
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw IOError.cannotRead(path: file, reason: "no such file or not readable") }
        return try UTF8Input.text(data, source: file)
    }
}
