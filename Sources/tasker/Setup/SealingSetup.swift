import Foundation
import TaskCLI
import TaskCrypto
import TaskStore

/// Gives an opened store its sealer when the database has sealing on: finds the data key the database
/// names, and finishes a rotation that a crash stopped after the database was re-sealed.
///
/// Never fatal: without the key the store stays locked (commands that need no sealed value work) and
/// `keyUnavailable` says why and what to do.
struct SealingSetup {
    let keys: DataKeyStore

    init(configDirectory: String, environment: [String: String]) {
        keys = DataKeyStore.choose(configDirectory: configDirectory, environment: environment)
    }

    func attach(to store: TaskStore) throws {
        guard let keyID = try store.sealingKeyID() else { return }
        do {
            let current = try keys.load()
            let pending = try keys.loadPending()
            if let pending, pending.id == keyID {
                // The database was re-sealed with the pending key; the rename had not happened yet.
                try keys.promotePending()
                store.sealer = try TaskCrypto(key: pending, otherKeys: current.map { [$0] } ?? [])
            } else if let current, current.id == keyID {
                // A pending key here belongs to a rotation that has not committed (perhaps still running): leave it.
                store.sealer = try TaskCrypto(key: current, otherKeys: pending.map { [$0] } ?? [])
            } else if let current {
                store.keyUnavailable = "the data key in \(keys.place) is \(current.id) but this database was sealed with \(keyID); "
                    + "import the right one with `tasker crypto import-key`"
            } else {
                store.keyUnavailable = "there is no data key in \(keys.place); on the machine that sealed it run "
                    + "`tasker crypto export-key`, then here `tasker crypto import-key`"
            }
        } catch {
            store.keyUnavailable = "\(error)"
        }
    }
}
