import Foundation
import TaskCore

/// The data key kept in a file: `$XDG_CONFIG_HOME/tasker/data.key`, mode 0600 in a 0700 folder,
/// refused when group or others can read it (the model key's check, `OwnerOnlyFile`).
///
/// A rotation writes the new key to `data.key.new` first and renames it over `data.key` only after
/// the database is re-sealed, so a crash at any moment leaves the old key, the new key, or both.
public struct DataKeyFile: Sendable {
    /// `$XDG_CONFIG_HOME/tasker`.
    public let directory: String

    public init(directory: String) { self.directory = directory }

    public var path: String { directory + "/data.key" }
    /// Where a rotation's new key waits until the database is re-sealed.
    public var pendingPath: String { directory + "/data.key.new" }

    /// The current key, or nil when there is no key file.
    /// - Throws: `CryptoError.keyStorage` for a file others can read, another user's, or one that is
    ///   not a key; `.malformedKey` never (worded as storage so the path is named).
    public func load() throws(CryptoError) -> DataKey? { try read(path) }

    /// The key a rotation left waiting, or nil.
    public func loadPending() throws(CryptoError) -> DataKey? { try read(pendingPath) }

    /// Writes `key` as the current key (atomically, 0600).
    public func save(_ key: DataKey) throws(CryptoError) { try write(key, to: path) }

    /// Writes `key` as the pending key of a rotation.
    public func savePending(_ key: DataKey) throws(CryptoError) { try write(key, to: pendingPath) }

    /// Makes the pending key the current one (one rename); false when there is none.
    @discardableResult
    public func promotePending() throws(CryptoError) -> Bool {
        if rename(pendingPath, path) == 0 {
            let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 { fsync(folder); close(folder) }
            return true
        }
        if errno == ENOENT { return false }
        throw .keyStorage("cannot replace \(path) with \(pendingPath): \(String(cString: strerror(errno)))")
    }

    /// Removes the pending key; false when there was none.
    @discardableResult
    public func removePending() throws(CryptoError) -> Bool {
        do { return try OwnerOnlyFile.remove(pendingPath) } catch { throw .keyStorage(DataKeyFile.words(error, pendingPath)) }
    }

    private func read(_ file: String) throws(CryptoError) -> DataKey? {
        let data: Data
        do {
            guard let read = try OwnerOnlyFile.read(file) else { return nil }
            data = read
        } catch {
            throw .keyStorage(DataKeyFile.words(error, file))
        }
        do {
            return try DataKey(exportText: String(decoding: data, as: UTF8.self))
        } catch {
            throw .keyStorage("the data key file \(file) does not hold a data key (\(error)); restore it with `tasker crypto import-key`")
        }
    }

    private func write(_ key: DataKey, to file: String) throws(CryptoError) {
        do { try OwnerOnlyFile.write(Array((key.exportText + "\n").utf8), to: file) } catch {
            throw .keyStorage(DataKeyFile.words(error, file))
        }
    }

    static func words(_ problem: OwnerOnlyFile.Problem, _ file: String) -> String {
        switch problem {
        case .readableByOthers: "the data key file \(file) is readable by group or others; run `chmod 600 \(file)`"
        case .otherOwner: "the data key file \(file) belongs to another user; it is not used"
        case .failed(let what): what
        }
    }
}
