import Foundation

/// Whole files sealed with libsodium's secretstream (XChaCha20-Poly1305) under the data key: for
/// attachments kept outside the database.
///
/// Layout: the magic `TKSF`, a version byte (1), the 24-byte stream header, then chunks of at most
/// 64 KiB of plain bytes, each sealed with a 17-byte overhead; the last chunk carries the FINAL tag.
/// A file cut short, chunks reordered or altered, or bytes after the final chunk are refused.
public enum SealedFile {
    static let magic: [UInt8] = Array("TKSF".utf8) + [1]
    static let chunkBytes = 65_536

    /// Seals the file at `input` into `output` (created 0600, replaced if it exists).
    /// - Throws: `CryptoError.sealedFile` naming the path that could not be read or written.
    public static func seal(_ input: String, to output: String, key: DataKey) throws(CryptoError) {
        guard Sodium.isReady, let (stream, header) = Sodium.Stream.push(key: key.bytes) else { throw .unavailable }
        guard let reader = FileHandle(forReadingAtPath: input) else { throw .sealedFile(path: input, reason: "cannot be read") }
        defer { try? reader.close() }
        let writer = try create(output)
        defer { try? writer.close() }
        try append(magic + header, to: writer, path: output)
        var chunk = try read(reader, path: input)
        while true {
            let next = chunk.count < chunkBytes ? [] : try read(reader, path: input)
            let final = next.isEmpty
            guard let sealed = stream.push(chunk[...], final: final) else { throw .unavailable }
            try append(sealed, to: writer, path: output)
            if final { break }
            chunk = next
        }
        do { try writer.synchronize() } catch { throw .sealedFile(path: output, reason: "cannot be written: \(error.localizedDescription)") }
    }

    /// Opens the sealed file at `input` into `output` (created 0600). On any failure `output` is
    /// removed, so a partial plain file is never left behind.
    /// - Throws: `CryptoError.sealedFile` saying whether it is not sealed, not this key's, altered,
    ///   reordered or cut short.
    public static func open(_ input: String, to output: String, key: DataKey) throws(CryptoError) {
        guard Sodium.isReady else { throw .unavailable }
        guard let reader = FileHandle(forReadingAtPath: input) else { throw .sealedFile(path: input, reason: "cannot be read") }
        defer { try? reader.close() }
        let writer = try create(output)
        do {
            defer { try? writer.close() }
            let head = try read(reader, path: input, count: magic.count + Sodium.streamHeaderBytes)
            guard head.count == magic.count + Sodium.streamHeaderBytes, Array(head.prefix(magic.count)) == magic else {
                throw CryptoError.sealedFile(path: input, reason: "is not a file sealed by Tasker")
            }
            guard let stream = Sodium.Stream.pull(header: Array(head.dropFirst(magic.count)), key: key.bytes) else {
                throw CryptoError.sealedFile(path: input, reason: "has a damaged header")
            }
            while true {
                let sealed = try read(reader, path: input, count: chunkBytes + Sodium.streamTagBytes)
                guard !sealed.isEmpty else { throw CryptoError.sealedFile(path: input, reason: "is cut short (no final chunk)") }
                guard let (plain, final) = stream.pull(sealed[...]) else {
                    throw CryptoError.sealedFile(path: input, reason: "does not open with the data key: altered, reordered, or sealed with another key")
                }
                try append(plain, to: writer, path: output)
                if final {
                    guard try read(reader, path: input, count: 1).isEmpty else {
                        throw CryptoError.sealedFile(path: input, reason: "has bytes after its final chunk")
                    }
                    break
                }
            }
        } catch let error as CryptoError {
            unlink(output)
            throw error
        } catch {
            unlink(output)
            throw .sealedFile(path: input, reason: error.localizedDescription)
        }
    }

    private static func create(_ path: String) throws(CryptoError) -> FileHandle {
        unlink(path)
        let fd = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .sealedFile(path: path, reason: "cannot be created: \(String(cString: strerror(errno)))") }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    private static func read(_ handle: FileHandle, path: String, count: Int = chunkBytes) throws(CryptoError) -> [UInt8] {
        var result: [UInt8] = []
        while result.count < count {
            let data: Data?
            do { data = try handle.read(upToCount: count - result.count) } catch {
                throw .sealedFile(path: path, reason: "cannot be read: \(error.localizedDescription)")
            }
            guard let data, !data.isEmpty else { break }
            result.append(contentsOf: data)
        }
        return result
    }

    private static func append(_ bytes: [UInt8], to handle: FileHandle, path: String) throws(CryptoError) {
        do { try handle.write(contentsOf: Data(bytes)) } catch {
            throw .sealedFile(path: path, reason: "cannot be written: \(error.localizedDescription)")
        }
    }
}
