import Foundation
import TaskCLI
import TaskCore
import TaskCrypto
import TaskREPL
import TaskStore

/// `tasker crypto rotate|export-key|import-key`: the data key itself.
extension CryptoCommand {
    /// `crypto rotate`: new key kept as pending → every body re-sealed in one transaction that also
    /// records the new key id → the pending key renamed over the old. A kill between any two steps
    /// leaves each body under a key that is kept, and the next open finishes the rename (`SealingSetup`).
    enum Rotate: Command {
        static let signature = CommandSignature(
            name: "crypto rotate", summary: "re-seal everything under a new key (safe to interrupt at any moment)",
            maxWords: 0, details: "Export the new key afterwards: a copy of the old one no longer opens anything.")

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let keys = keyStore(context)
            let store = try context.openStore()
            guard let old = store.sealer as? TaskCrypto else {
                if try Sealing(store).sealingKeyID() == nil { throw CommandFailure("sealing is off; run `tasker crypto enable` first") }
                throw CommandFailure("rotating needs the current data key, which is not available: \(store.keyUnavailable)")
            }
            let new = try DataKey.random()
            try keys.savePending(new)
            let count = try Sealing(store).reseal(with: try TaskCrypto(key: new, otherKeys: [old.key] + old.otherKeys))
            try keys.promotePending()
            context.output.text("re-sealed \(count.sentence) under a new key (\(new.id)); the old key no longer opens them")
            context.output.err("export the new key again (`tasker crypto export-key`): a copy of the old one no longer helps")
            return 0
        }
    }

    /// `crypto export-key`: the data key printed once, after a warning on stderr.
    enum ExportKey: Command {
        static let signature = CommandSignature(
            name: "crypto export-key", summary: "print the data key once, to move it to another machine",
            maxWords: 0, details: "The key goes to stdout, a warning to stderr; keep it in a password manager or offline.",
            examples: ["tasker crypto export-key > /media/usb/tasker-key.txt"])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let keys = keyStore(context)
            let store = try context.openStore()
            let key: DataKey
            if let crypto = store.sealer as? TaskCrypto {
                key = crypto.key
            } else if try Sealing(store).sealingKeyID() != nil {
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
    }

    /// `crypto import-key`: a data key read from stdin (hidden on a terminal) and kept here.
    enum ImportKey: Command {
        static let signature = CommandSignature(
            name: "crypto import-key", summary: "read a data key from stdin (hidden on a terminal) and keep it here",
            maxWords: 0, details: "A key that is not the one this database is sealed with is refused; nothing is saved then.",
            examples: ["tasker crypto import-key < /media/usb/tasker-key.txt"])

        static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
            let keys = keyStore(context)
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
            if let sealedWith = try Sealing(store).sealingKeyID(), sealedWith != key.id {
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
}
