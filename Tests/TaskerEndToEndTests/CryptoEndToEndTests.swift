import Foundation
import TaskCore
import TaskStore
import Testing
import TaskerTestSupport

/// `tasker crypto` through the real binary: sealed page bodies, task notes and project notes leave no
/// clear text in the file, its WAL or a backup; a locked database answers clearly and stays
/// byte-identical; rotation survives SIGKILL at random moments (issue 14).
@Suite struct CryptoEndToEndTests {
    let directory = TemporaryDirectory("crypto")
    var db: String { directory.path("tasks.sqlite") }
    var config: String { directory.path("config") }
    var keyPath: String { config + "/tasker/data.key" }
    let sentence = "The blue tiles cost forty two euros at the hardware store"
    let taskNote = "Ask Margarethe about the walnut veneer before Thursday"
    let projectNote = "Budget for the orchard: seventeen pear saplings"

    func tasker(_ arguments: [String], stdin: String = "") throws -> TaskerBinary.Result {
        try TaskerBinary.run(["--db", db] + arguments, stdin: stdin, environment: ["XDG_CONFIG_HOME": config])
    }

    func call(_ tool: String, _ json: String) throws -> JSONValue {
        let result = try tasker(["call", tool, json])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONValue.parse(result.stdout)
    }

    /// How many times `needle` occurs in the file's bytes (0 for a missing file).
    func occurrences(_ needle: String, in path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        let hay = [UInt8](data), n = [UInt8](needle.utf8)
        guard hay.count >= n.count else { return 0 }
        var count = 0
        for start in 0...(hay.count - n.count) where hay[start] == n[0] && Array(hay[start..<(start + n.count)]) == n { count += 1 }
        return count
    }

    func sqlite(_ sql: String) throws -> TaskerBinary.Result {
        try TaskerBinary.run([db, sql], input: Data(), executable: URL(fileURLWithPath: "/usr/bin/sqlite3"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 command (Debian sqlite3)"))
    func enableLeavesNoClearTextInTheFileItsWALOrABackup() throws {
        // A connection kept open keeps the WAL file (with the clear pages' frames) on disk throughout.
        let holder = try TaskStore(path: db)
        try holder.bootstrap()
        for n in 0..<300 {
            _ = try Pages(holder).createPage(title: "Page \(n)", body: n == 7 ? sentence : "filler text number \(n) about gardening and tulips")
        }
        _ = try Pages(holder).appendToPage(PageID(8), markdown: "second line of the sentence page")
        _ = try Projects(holder).createProject(name: "Orchard", notes: projectNote)
        _ = try Tasks(holder).createTask(TaskDraft(title: "Veneer", notes: taskNote, project: "Orchard"))
        _ = try Tasks(holder).createTask(TaskDraft(title: "No notes here"))
        for text in [sentence, taskNote, projectNote] {
            #expect(occurrences(text, in: db) + occurrences(text, in: db + "-wal") > 0)
        }

        let enable = try tasker(["crypto", "enable"])
        #expect(enable.status == 0, "\(enable.stderr)")
        #expect(enable.stdout.contains("sealed 300 page bodies, 1 task note and 1 project note"))
        #expect(enable.stderr.contains("export-key"))
        // Notes written after enable are sealed too.
        _ = try call("create_task", #"{"title": "Glue", "notes": "Marigold resin from the coopers guild"}"#)
        _ = try call("create_project", #"{"name": "Attic", "notes": "Insulation of rockwool in the eaves"}"#)
        #expect(try sqlite(".backup '\(directory.path("copy.sqlite"))'").status == 0)
        for file in [db, db + "-wal", directory.path("copy.sqlite")] {
            for text in [taskNote, projectNote, "coopers guild", "rockwool"] { #expect(occurrences(text, in: file) == 0, "'\(text)' in \(file)") }
            #expect(occurrences(sentence, in: file) == 0, "\(file)")
            #expect(occurrences("hardware", in: file) == 0, "a single word in \(file) (the full-text index)")
            #expect(occurrences("tulips", in: file) == 0, "\(file)")
        }
        #expect(occurrences("Page 7", in: db) > 0, "titles stay clear")

        let found = try call("search_pages", #"{"query": "hardware store"}"#)
        #expect(found["results"]?.arrayValue?.first?["title"]?.stringValue == "Page 7")
        #expect(found["results"]?.arrayValue?.first?["snippet"]?.stringValue?.contains("[hardware] [store]") == true)
        #expect(try call("read_page", #"{"page": "Page 7"}"#)["page"]?["body"]?.stringValue == sentence + "\n\nsecond line of the sentence page")
        // A page written now is sealed too, and found.
        #expect(try tasker(["note", "Kitchen", "grout in anthracite grey"]).status == 0)
        #expect(occurrences("anthracite", in: db) + occurrences("anthracite", in: db + "-wal") == 0)
        #expect(try call("search_pages", #"{"query": "anthracite"}"#)["count"]?.intValue == 1)
        // With the key, lists show the notes opened.
        let tasks = try call("list_tasks", #"{"fields": ["all"]}"#)["tasks"]?.arrayValue ?? []
        #expect(tasks.first { $0["title"]?.stringValue == "Veneer" }?["notes"]?.stringValue == taskNote)
        #expect(tasks.first { $0["title"]?.stringValue == "Glue" }?["notes"]?.stringValue == "Marigold resin from the coopers guild")
        let projects = try call("list_projects", "{}")["projects"]?.arrayValue ?? []
        #expect(projects.first { $0["name"]?.stringValue == "Orchard" }?["notes"]?.stringValue == projectNote)
        #expect(try tasker(["crypto", "status"]).stdout.contains("notes: 4 sealed, 0 clear"))
        _ = holder
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 command (Debian sqlite3)"))
    func aBodyMovedToAnotherPageDoesNotOpen() throws {
        #expect(try tasker(["note", "Kitchen", "tiles"]).status == 0)
        #expect(try tasker(["note", "Garden", "tulips"]).status == 0)
        #expect(try tasker(["crypto", "enable"]).status == 0)
        #expect(try sqlite("UPDATE pages SET body = (SELECT body FROM pages WHERE title = 'Kitchen') WHERE title = 'Garden'").status == 0)
        let moved = try call("read_page", #"{"page": "Garden"}"#)
        #expect(moved["ok"]?.boolValue == false)
        #expect(moved["error"]?.stringValue?.contains("does not open with the data key") == true)
        #expect(try call("read_page", #"{"page": "Kitchen"}"#)["page"]?["body"]?.stringValue == "tiles")
        // Task and project notes too: a note moved to another row does not open.
        _ = try call("create_task", #"{"title": "Alpha", "notes": "alpha note"}"#)
        _ = try call("create_task", #"{"title": "Beta", "notes": "beta note"}"#)
        _ = try call("create_project", #"{"name": "One", "notes": "one note"}"#)
        _ = try call("create_project", #"{"name": "Two", "notes": "two note"}"#)
        #expect(try call("list_tasks", #"{"fields": ["all"]}"#)["count"]?.intValue == 2)
        #expect(try sqlite("UPDATE tasks SET notes = (SELECT notes FROM tasks WHERE title = 'Alpha') WHERE title = 'Beta'").status == 0)
        #expect(try sqlite("UPDATE projects SET notes = (SELECT notes FROM projects WHERE name = 'One') WHERE name = 'Two'").status == 0)
        // The lists still answer: the moved note shows as sealed in its one row, the others open.
        let tasks = try call("list_tasks", #"{"fields": ["all"]}"#)
        let beta = tasks["tasks"]?.arrayValue?.first { $0["title"] == "Beta" }
        #expect(tasks["ok"] == true && beta?["notes_sealed"] == true && beta?["notes"] == .null, "\(tasks.encoded())")
        #expect(tasks["tasks"]?.arrayValue?.first { $0["title"] == "Alpha" }?["notes"] == "alpha note")
        let projects = try call("list_projects", "{}")
        #expect(projects["ok"] == true, "\(projects.encoded())")
        #expect(projects.encoded().components(separatedBy: "one note").count == 2, "One's note opens; the copy moved to Two does not")
        // The task alone says what is wrong.
        let alone = try tasker(["call", "update_task", #"{"title": "Beta", "priority": "high"}"#])
        #expect(alone.stdout.contains("does not open with the data key") || alone.stderr.contains("does not open with the data key"), "\(alone.stdout)\(alone.stderr)")
    }

    @Test func lockedReadsAnswerClearlyAndLeaveTheFileByteIdentical() throws {
        #expect(try tasker(["note", "Kitchen", sentence]).status == 0)
        #expect(try tasker(["add", "buy grout"]).status == 0)
        _ = try call("create_project", #"{"name": "Orchard", "notes": "\#(projectNote)"}"#)
        _ = try call("create_task", #"{"title": "Veneer", "notes": "\#(taskNote)", "project": "Orchard"}"#)
        #expect(try tasker(["crypto", "enable"]).status == 0)
        #expect(rename(keyPath, directory.path("away.key")) == 0)
        let before = FileManager.default.contents(atPath: db)

        let read = try call("read_page", #"{"page": "Kitchen"}"#)
        #expect(read["ok"]?.boolValue == false)
        #expect(read["error"]?.stringValue?.hasPrefix("this page is sealed and the data key is not available: ") == true)
        #expect(!String(describing: read).contains("tiles"))
        let search = try call("search_pages", #"{"query": "tiles"}"#)
        #expect(search["count"]?.intValue == 0)
        #expect(search["notice"]?.stringValue?.contains("sealed pages cannot be searched") == true)
        #expect(try call("search_pages", #"{"query": "kitchen"}"#)["count"]?.intValue == 1, "titles are still searched")
        #expect(try call("list_pages", "{}")["count"]?.intValue == 1)
        let tasks = try tasker(["call", "list_tasks", #"{"filter": "open", "fields": ["all"]}"#])
        let listed = try JSONValue.parse(tasks.stdout)
        #expect(listed["count"]?.intValue == 2)
        let veneer = listed["tasks"]?.arrayValue?.first { $0["title"]?.stringValue == "Veneer" }
        #expect(veneer?["notes_sealed"]?.boolValue == true && veneer?["notes"] == .null)
        #expect(!tasks.stdout.contains("walnut"))
        let projects = try call("list_projects", "{}")["projects"]?.arrayValue?.first
        #expect(projects?["notes_sealed"]?.boolValue == true && projects?["notes"] == .null)
        let export = try tasker(["export", "--taskwarrior"])
        #expect(export.status == 1 && export.stdout.isEmpty)
        #expect(export.stderr.hasPrefix("tasker: task and project notes are sealed and the data key is not available, so they cannot be exported: "),
                "\(export.stderr)")
        #expect(export.stderr.split(separator: "\n").count == 1)
        let note = try tasker(["note", "Kitchen", "never stored in clear"])
        #expect(note.stderr.contains("the data key is not available"))
        let status = try tasker(["crypto", "status"])
        #expect(status.stdout.contains("key: NOT available"))
        let newNote = try call("update_task", #"{"title": "Veneer", "notes": "never stored in clear"}"#)
        #expect(newNote["ok"]?.boolValue == false)
        #expect(newNote["error"]?.stringValue?.hasPrefix("task notes are sealed and the data key is not available, so nothing was written: ") == true)
        #expect(FileManager.default.contents(atPath: db) == before)
        #expect(occurrences("never stored", in: db) + occurrences("never stored", in: db + "-wal") == 0)
        // Writes that need no note still work, and keep the sealed note.
        #expect(try call("update_task", #"{"title": "Veneer", "priority": "high"}"#)["ok"]?.boolValue != false)
        #expect(try call("complete_task", #"{"title": "buy grout"}"#)["ok"]?.boolValue != false)
        #expect(try tasker(["plan"]).status == 0)

        // The key brought back (export → import) opens it again.
        let exported = try String(contentsOfFile: directory.path("away.key"), encoding: .utf8)
        let imported = try tasker(["crypto", "import-key"], stdin: exported)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try call("read_page", #"{"page": "Kitchen"}"#)["page"]?["body"]?.stringValue == sentence)
        let opened = try call("list_tasks", #"{"filter": "open", "fields": ["all"]}"#)["tasks"]?.arrayValue?.first
        #expect(opened?["notes"]?.stringValue == taskNote && opened?["priority"]?.stringValue == "high")
        #expect(try call("list_projects", "{}")["projects"]?.arrayValue?.first?["notes"]?.stringValue == projectNote)
        let keyExport = try tasker(["crypto", "export-key"])
        #expect(keyExport.stdout == exported)
        #expect(keyExport.stderr.contains("WARNING"))
        // A wrong key is refused and not saved.
        let wrong = try tasker(["crypto", "import-key"], stdin: "tasker-data-key-v1:" + Data(repeating: 1, count: 32).base64EncodedString())
        #expect(wrong.status == 1 && wrong.stderr.contains("the database is sealed with"))
        #expect(try String(contentsOfFile: keyPath, encoding: .utf8) == exported)
    }

    @Test func aKeyFileOthersCanReadIsRefused() throws {
        #expect(try tasker(["note", "Kitchen", "tiles"]).status == 0)
        #expect(try tasker(["crypto", "enable"]).status == 0)
        chmod(keyPath, 0o644)
        let read = try call("read_page", #"{"page": "Kitchen"}"#)
        #expect(read["error"]?.stringValue?.contains("readable by group or others; run `chmod 600") == true)
    }

    /// An encrypted attachment through the real binary: refused while crypto is off (one line naming
    /// `tasker crypto enable`), then stored with no clear byte in the objects folder, opened back
    /// byte-identical, verified without the key, exported opened; locked: the sealed error, nothing written.
    @Test func anEncryptedAttachmentRoundTripsThroughTheBinary() throws {
        #expect(try tasker(["add", "treasure hunt"]).status == 0)
        let file = directory.path("map.txt")
        let bytes = Data(String(repeating: sentence + "\n", count: 3_000).utf8)  // ~174 KB: three chunks
        #expect(FileManager.default.createFile(atPath: file, contents: bytes))
        let off = try call("attach_file", #"{"path": "\#(file)", "task": 1, "encrypt": true}"#)
        #expect(off["ok"]?.boolValue == false)
        #expect(off["error"]?.stringValue == "cannot attach \(file): encrypting attachments needs sealing, which is off; run `tasker crypto enable` first")
        #expect(try tasker(["crypto", "enable"]).status == 0)
        let attached = try call("attach_file", #"{"path": "\#(file)", "task": 1, "encrypt": true}"#)
        #expect(attached["ok"]?.boolValue == true, "\(attached)")
        let attachment = try #require(attached["attachment"])
        #expect(attachment["encoding"]?.stringValue == "secretstream")
        #expect(attachment["stored_path"]?.stringValue?.hasSuffix(".sealed") == true)
        let id = try #require(attachment["id"]?.intValue)
        // config attachments.encrypt: the same file attached again without the argument is encrypted
        // too, and it is the same object (stored once).
        try FileManager.default.createDirectory(atPath: config + "/tasker", withIntermediateDirectories: true)
        try Data(#"{"attachments": {"encrypt": true}}"#.utf8).write(to: URL(fileURLWithPath: config + "/tasker/config.json"))
        let again = try call("attach_file", #"{"path": "\#(file)", "task": 1, "name": "copy.txt"}"#)
        #expect(again["attachment"]?["encoding"]?.stringValue == "secretstream" && again["stored_once_already"]?.boolValue == true, "\(again)")
        // grep -c of a known sentence in the objects folder: 0.
        let objects = db + ".objects"
        let grep = try TaskerBinary.run(["-r", "-F", "-c", "forty two euros", objects], input: Data(), executable: URL(fileURLWithPath: "/bin/grep"))
        let counts = grep.stdout.split(separator: "\n").map { $0.split(separator: ":").last.map(String.init) ?? "" }
        #expect(!counts.isEmpty && counts.allSatisfy { $0 == "0" }, "\(grep.stdout)")
        let opened = try call("open_attachment", #"{"id": \#(id), "path": "\#(directory.path("opened.txt"))"}"#)
        #expect(opened["ok"]?.boolValue == true, "\(opened)")
        #expect(FileManager.default.contents(atPath: directory.path("opened.txt")) == bytes)
        let verify = try tasker(["verify"])
        #expect(verify.status == 0 && verify.stdout.contains("1 object checked: 1 intact"), "\(verify)")
        let export = try tasker(["export", "--unkt", directory.path("out.unkt")])
        #expect(export.status == 0, "\(export.stderr)")
        // Locked: the clear sealed error, and no file written.
        #expect(rename(keyPath, directory.path("away.key")) == 0)
        let locked = try call("open_attachment", #"{"id": \#(id), "path": "\#(directory.path("locked.txt"))"}"#)
        #expect(locked["ok"]?.boolValue == false)
        #expect(locked["error"]?.stringValue?.hasPrefix("this attachment is encrypted and the data key is not available") == true, "\(locked)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("locked.txt")))
        #expect(try tasker(["verify"]).status == 0, "verify needs no key")
    }

    /// SIGKILL at 20 random moments of `crypto rotate`: afterwards every body opens (with the old key
    /// or the new), and a finished rotation leaves only the new key working.
    @Test func rotateKilledAtRandomMomentsLeavesEveryBodyReadable() throws {
        let holder = try TaskStore(path: db)
        try holder.bootstrap()
        for n in 0..<400 { _ = try Pages(holder).createPage(title: "Page \(n)", body: "body \(n) with the word marigold") }
        for n in 0..<20 { _ = try Projects(holder).createProject(name: "Project \(n)", notes: "project note \(n)") }
        _ = try Tasks(holder).createTasks((0..<200).map { TaskDraft(title: "Task \($0)", notes: "task note \($0)", project: "Project \($0 % 20)") })
        #expect(try tasker(["crypto", "enable"]).status == 0)
        // Encrypted attachments: their keys are re-sealed with the notes (the objects stay as they are).
        for n in 0..<3 {
            #expect(FileManager.default.createFile(atPath: directory.path("att\(n).txt"), contents: Data("attachment \(n) marigold".utf8)))
            #expect(try call("attach_file", #"{"path": "\#(directory.path("att\(n).txt"))", "task": \#(n + 1), "encrypt": true}"#)["ok"]?.boolValue == true)
        }
        // The quicker of two whole rotations: under a changing load a slow one would put most kills after the end.
        var full = Double.infinity
        for _ in 0..<2 {
            let started = Date()
            #expect(try tasker(["crypto", "rotate"]).status == 0)
            full = min(full, Date().timeIntervalSince(started))
        }
        var random = SeededRandom(seed: 14)
        var killedMidway = 0
        for round in 0..<20 {
            let process = Process()
            process.executableURL = TaskerBinary.url
            process.arguments = ["--db", db, "crypto", "rotate"]
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "XDG_CONFIG_HOME": config]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...(full * 0.9), using: &random) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            // Every body, note and attachment key opens: an export opens each one and fails on the first that does not.
            let export = try tasker(["export", "--unkt", directory.path("check\(round).unkt")])
            #expect(export.status == 0, "round \(round): \(export.stderr)")
        }
        #expect(killedMidway >= 10, "most kills should land while rotate runs (\(killedMidway) of 20)")
        let status = try tasker(["crypto", "status"]).stdout
        #expect(status.contains("pages: 400 sealed") && status.contains("notes: 220 sealed, 0 clear"), "\(status)")
        let tasks = try call("list_tasks", #"{"filter": "all", "limit": 500, "fields": ["all"]}"#)["tasks"]?.arrayValue ?? []
        #expect(tasks.count == 200 && tasks.allSatisfy { $0["notes"]?.stringValue == "task note " + ($0["title"]?.stringValue?.dropFirst(5) ?? "") })
        for n in 0..<3 {
            let out = directory.path("att\(n).out")
            #expect(try call("open_attachment", #"{"id": \#(n + 1), "path": "\#(out)"}"#)["ok"]?.boolValue == true)
            #expect(FileManager.default.contents(atPath: out) == Data("attachment \(n) marigold".utf8))
        }
        _ = holder
    }

    static let keyringTools = ["/usr/bin/dbus-run-session", "/usr/bin/gnome-keyring-daemon", "/usr/bin/secret-tool"]
        .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `script` with bash inside a private session bus (`dbus-run-session`), with gnome-keyring's
    /// Secret Service started unlocked when `keyring` is true. That bus activates nothing
    /// (`session-bus.conf`), so the one daemon the helper starts is the only one; without a keyring,
    /// Debian's own session bus may start a locked gnome-keyring, as on a desktop with no login keyring.
    /// HOME is this test's folder, so no daemon writes keyrings into a HOME that other tests share.
    func session(_ script: String, keyring: Bool) throws -> TaskerBinary.Result {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/crypto").standardized
        #expect(FileManager.default.createFile(atPath: directory.path("script.sh"), contents: Data(script.utf8)))
        try FileManager.default.createDirectory(atPath: directory.path("home"), withIntermediateDirectories: true)
        // Output to files, not pipes: the bus and keyring daemons inherit them and may outlive the session.
        let run = (keyring ? "'\(fixtures.appendingPathComponent("keyring_session.sh").path)' " : "") + "/bin/bash \"$WORK/script.sh\" > \"$WORK/out\" 2> \"$WORK/err\""
        let bus = keyring ? "--config-file='\(fixtures.appendingPathComponent("session-bus.conf").path)'" : ""
        let status = try TaskerBinary.run(["-c", "dbus-run-session \(bus) -- sh -c '\(run.replacingOccurrences(of: "'", with: "'\\''"))' < /dev/null > /dev/null 2>&1"],
            input: Data(), environment: [
            "WORK": directory.path, "TASKER": TaskerBinary.url.path, "DB": db, "XDG_CONFIG_HOME": config,
            "HOME": directory.path("home"),
        ], executable: URL(fileURLWithPath: "/bin/sh")).status
        let out = (try? String(contentsOfFile: directory.path("out"), encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: directory.path("err"), encoding: .utf8)) ?? ""
        return TaskerBinary.Result(status: status, stdout: out, stderr: err)
    }

    /// The Secret Service path, headless: the key goes to gnome-keyring (no data.key file), a later
    /// process finds it there, and rotation keeps it there.
    @Test(.enabled(if: keyringTools, "needs dbus-run-session, gnome-keyring and secret-tool (scripts/setup installs them)"))
    func theKeyLivesInTheSecretServiceWhenTheBusOffersOne() throws {
        let result = try session("""
            set -e
            "$TASKER" --db "$DB" note Kitchen "tiles kept by the keyring"
            "$TASKER" --db "$DB" crypto enable
            echo "file: $(ls "$XDG_CONFIG_HOME/tasker/data.key" 2>/dev/null | wc -l)"
            echo "item: $(secret-tool lookup application tasker kind data-key | cut -c1-19)"
            "$TASKER" --db "$DB" call read_page '{"page": "Kitchen"}'
            "$TASKER" --db "$DB" crypto rotate
            "$TASKER" --db "$DB" crypto status
            "$TASKER" --db "$DB" call read_page '{"page": "Kitchen"}'
            echo "pending: $(secret-tool lookup application tasker kind data-key-pending | wc -c)"
            """, keyring: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the data key is in the Secret Service"))
        #expect(result.stdout.contains("file: 0"))
        #expect(result.stdout.contains("item: tasker-data-key-v1:"))
        #expect(result.stdout.components(separatedBy: "\"body\":\"tiles kept by the keyring\"").count == 3)
        #expect(result.stdout.contains("key: available (the Secret Service"))
        #expect(result.stdout.contains("pending: 0"))
        #expect(!FileManager.default.fileExists(atPath: keyPath))
    }

    /// A session bus whose Secret Service cannot store (none running; D-Bus may start a locked
    /// gnome-keyring that cannot prompt): the key file keeps the key.
    @Test(.enabled(if: keyringTools, "needs dbus-run-session (scripts/setup installs it)"))
    func aBusWithoutASecretServiceFallsBackToTheKeyFile() throws {
        let result = try session("""
            "$TASKER" --db "$DB" note Kitchen "tiles in a file"
            "$TASKER" --db "$DB" crypto enable
            "$TASKER" --db "$DB" crypto status
            """, keyring: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("key: available ("))
        #expect(FileManager.default.fileExists(atPath: keyPath))
        // The message names where the key went, also when a Secret Service answered but did not store it.
        #expect(result.stderr.contains("the data key is in \(keyPath)"), "\(result.stderr)")
    }
}
