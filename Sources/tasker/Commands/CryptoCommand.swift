import Foundation
import TaskCLI
import TaskCore
import TaskCrypto
import TaskREPL
import TaskStore

/// `tasker crypto enable|status|rotate|export-key|import-key`: sealed page bodies and notes, and the data key.
enum CryptoCommand: Command {
    static let signature = CommandSignature(
        name: "crypto", summary: "seal page bodies and notes with a data key: enable, status, rotate, export-key, import-key",
        words: ["enable|status|rotate|export-key|import-key"], maxWords: 1,
        details: """
              enable      seal every page body and task and project note (one transaction) and every
                          new one; says how many
              status      whether sealing is on, the key's id and where it is kept, what is sealed
              rotate      re-seal everything under a new key (safe to interrupt at any moment)
              export-key  print the data key once, to move it to another machine
              import-key  read a data key from stdin (hidden on a terminal) and keep it here

            Page bodies and task and project notes are sealed with XChaCha20-Poly1305, each bound to
            its row and column, under a random
            32-byte data key kept in the Secret Service (GNOME Keyring, KWallet) when the session bus
            offers one, else in $XDG_CONFIG_HOME/tasker/data.key (mode 0600, folder 0700; refused when
            group or others can read it). TASKER_KEYRING=off keeps it in the file. Titles stay clear: lists and search by title need them.
            Without the key every command that needs no sealed value works (lists show a task's notes
            as "notes_sealed"); reading a sealed body, writing a body or a note, exporting and syncing
            say the key is missing and change nothing.
            """,
        examples: [
            "tasker crypto enable",
            "tasker crypto export-key > /media/usb/tasker-key.txt",
            "tasker crypto import-key < /media/usb/tasker-key.txt",
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let action = arguments.words.first else {
            throw UsageError("crypto takes one of enable, status, rotate, export-key, import-key; run `tasker crypto --help`")
        }
        let keys = DataKeyStore.choose(configDirectory: context.paths.taskerConfig, environment: context.environment)
        switch action {
        case "enable": return try enable(context, keys)
        case "status": return try status(context, keys)
        case "rotate": return try rotate(context, keys)
        case "export-key": return try exportKey(context, keys)
        case "import-key": return try importKey(context, keys)
        default: throw UsageError("unknown crypto action '\(action)'; use enable, status, rotate, export-key or import-key")
        }
    }

    private static func enable(_ context: CommandContext, _ keys: DataKeyStore) throws -> Int32 {
        let store = try context.openStore()
        if try store.sealingKeyID() != nil, store.sealer == nil { throw CommandFailure(store.keyUnavailable) }
        var keptIn: String?  // where a new key went
        if store.sealer == nil {
            // The key is kept before anything is sealed, so a crash can never leave bodies no key opens.
            let kept = try keys.load()
            let key = try kept ?? DataKey.random()
            if kept == nil { keptIn = try keys.save(key) }
            store.sealer = try TaskCrypto(key: key)
        }
        let count = try store.enableSealing()
        let id = store.sealer?.keyID ?? "?"
        context.output.text("sealed \(count.sentence); new page bodies and notes are sealed from now on (key \(id))")
        if let keptIn {
            context.output.err("the data key is in \(keptIn); keep a copy elsewhere with `tasker crypto export-key`, or the sealed pages and notes are lost with this machine")
        }
        return 0
    }

    private static func status(_ context: CommandContext, _ keys: DataKeyStore) throws -> Int32 {
        let store = try context.openStore()
        let status = try store.sealingStatus()
        guard status.isOn, let keyID = status.keyID else {
            context.output.text("sealing: off (\(status.clearPages) page bodies and \(status.clearNotes) notes in clear text; `tasker crypto enable` seals them)")
            return 0
        }
        context.output.text("sealing: on (key \(keyID))")
        context.output.text(store.sealer != nil ? "key: available (\(keys.place))" : "key: NOT available — \(store.keyUnavailable)")
        context.output.text("pages: \(status.sealedPages) sealed, \(status.clearPages) clear (titles always clear)")
        context.output.text("notes: \(status.sealedNotes) sealed, \(status.clearNotes) clear (task and project notes)")
        return 0
    }

    /// New key kept as pending → every body re-sealed in one transaction that also records the new
    /// key id → the pending key renamed over the old. A kill between any two steps leaves each body
    /// under a key that is kept, and the next open finishes the rename (`SealingSetup`).
    private static func rotate(_ context: CommandContext, _ keys: DataKeyStore) throws -> Int32 {
        let store = try context.openStore()
        guard let old = store.sealer as? TaskCrypto else {
            if try store.sealingKeyID() == nil { throw CommandFailure("sealing is off; run `tasker crypto enable` first") }
            throw CommandFailure("rotating needs the current data key, which is not available: \(store.keyUnavailable)")
        }
        let new = try DataKey.random()
        try keys.savePending(new)
        let count = try store.reseal(with: try TaskCrypto(key: new, otherKeys: [old.key] + old.otherKeys))
        try keys.promotePending()
        context.output.text("re-sealed \(count.sentence) under a new key (\(new.id)); the old key no longer opens them")
        context.output.err("export the new key again (`tasker crypto export-key`): a copy of the old one no longer helps")
        return 0
    }

    private static func exportKey(_ context: CommandContext, _ keys: DataKeyStore) throws -> Int32 {
        let store = try context.openStore()
        let key: DataKey
        if let crypto = store.sealer as? TaskCrypto {
            key = crypto.key
        } else if try store.sealingKeyID() != nil {
            throw CommandFailure("the data key is not available: \(store.keyUnavailable)")
        } else if let loaded = try keys.load() {
            key = loaded
        } else {
            throw CommandFailure("there is no data key yet; `tasker crypto enable` makes one")
        }
        context.output.err("WARNING: the next line is the data key. With it and a copy of the database anyone can read your sealed pages and notes. "
            + "Keep it in a password manager or offline; it is printed only when you ask, never stored elsewhere.")
        context.output.out(key.exportText)
        return 0
    }

    private static func importKey(_ context: CommandContext, _ keys: DataKeyStore) throws -> Int32 {
        let text: String
        if isatty(STDIN_FILENO) == 1 {
            switch TerminalQuestion.askHidden("Paste the data key and press Enter (input is hidden): ") {
            case .text(let typed): text = typed
            case .cancelled, .endOfInput: throw UsageError("cancelled; no key was saved")
            }
        } else {
            text = try context.readStandardInput()
        }
        let key = try DataKey(exportText: text)
        let store = try context.openStore()
        if let sealedWith = try store.sealingKeyID(), sealedWith != key.id {
            throw CommandFailure("this key is \(key.id) but the database is sealed with \(sealedWith); nothing was saved")
        }
        if let existing = try? keys.load(), existing != key, store.sealer != nil {
            throw CommandFailure("\(keys.place) already holds the key that opens this database; nothing was saved")
        }
        let place = try keys.save(key)
        context.output.text("data key \(key.id) saved to \(place)")
        return 0
    }
}
