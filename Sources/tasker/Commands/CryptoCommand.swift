import Foundation
import TaskCLI
import TaskCore
import TaskCrypto
import TaskStore

/// `tasker crypto ACTION`: sealed page bodies and notes, and the data key. Each action is its own
/// command type (`CryptoCommand.Enable`, `.Status` here; `.Rotate`, `.ExportKey`, `.ImportKey` in
/// `CryptoCommand+Key`).
enum CryptoCommand: CommandGroup {
    static let actions: [any Command.Type] = [Enable.self, Status.self, Rotate.self, ExportKey.self, ImportKey.self]

    static let signature = groupSignature(
        summary: "seal page bodies and notes with a data key: enable, status, rotate, export-key, import-key",
        details: """
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

    /// Where the data key is kept: the Secret Service, or the 0600 file.
    static func keyStore(_ context: CommandContext) -> DataKeyStore {
        DataKeyStore.choose(configDirectory: context.paths.taskerConfig, environment: context.environment)
    }

    /// `crypto enable`: every page body and note sealed in one transaction, and every new one.
    enum Enable: Command {
        static let signature = CommandSignature(
            name: "crypto enable", summary: "seal every page body and task and project note (one transaction) and every new one; says how many",
            maxWords: 0, details: "A data key is made and kept first when there is none, so a crash never leaves bodies no key opens.",
            examples: ["tasker crypto enable"])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let keys = keyStore(context)
            let store = try context.openStore()
            if try Sealing(store).sealingKeyID() != nil, store.sealer == nil { throw CommandFailure(store.keyUnavailable) }
            var keptIn: String?  // where a new key went
            if store.sealer == nil {
                // The key is kept before anything is sealed, so a crash can never leave bodies no key opens.
                let kept = try keys.load()
                let key = try kept ?? DataKey.random()
                if kept == nil { keptIn = try keys.save(key) }
                store.sealer = try TaskCrypto(key: key)
            }
            let count = try Sealing(store).enableSealing()
            let id = store.sealer?.keyID ?? "?"
            context.output.text("sealed \(count.sentence); new page bodies and notes are sealed from now on (key \(id))")
            if let keptIn {
                context.output.err("the data key is in \(keptIn); keep a copy elsewhere with `tasker crypto export-key`, or the sealed pages and notes are lost with this machine")
            }
            return 0
        }
    }

    /// `crypto status`: whether sealing is on, the key and where it is kept, what is sealed.
    enum Status: Command {
        static let signature = CommandSignature(
            name: "crypto status", summary: "whether sealing is on, the key's id and where it is kept, what is sealed",
            maxWords: 0, details: "Counts of sealed and clear page bodies and notes; titles are always clear.")

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let keys = keyStore(context)
            let store = try context.openStore()
            let status = try Sealing(store).sealingStatus()
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
    }
}
