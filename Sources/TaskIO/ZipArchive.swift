import Foundation
import TaskCore
internal import CZip

/// A ZIP file through libzip: list entries, read one with a size cap, or write a new archive.
///
/// The only user of CZip. The handle is closed in `deinit` (reading) or by `write` (writing).
final class ZipArchive {
    /// One entry as the central directory declares it.
    struct Entry: Sendable, Equatable {
        var index: UInt64
        var name: String
        /// The declared uncompressed size.
        var size: UInt64
        var isSymlink: Bool
        var isDirectory: Bool { name.hasSuffix("/") }
    }

    private let handle: OpaquePointer
    let source: String

    /// Opens `path` read-only, checking the archive's consistency. - Throws: `IOError.notAnArchive`.
    init(reading path: String, source: String) throws {
        self.source = source
        var code: Int32 = 0
        guard let za = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
            throw IOError.notAnArchive(source: source, reason: ZipArchive.message(code: code))
        }
        handle = za
    }

    deinit { zip_discard(handle) }

    /// Every entry in central-directory order. - Throws: `IOError.notAnArchive`.
    func entries() throws -> [Entry] {
        let count = zip_get_num_entries(handle, 0)
        guard count >= 0 else { throw IOError.notAnArchive(source: source, reason: lastError()) }
        var result: [Entry] = []
        for index in 0..<UInt64(count) {
            var st = zip_stat_t()
            zip_stat_init(&st)
            guard zip_stat_index(handle, index, 0, &st) == 0, let name = st.name else {
                throw IOError.notAnArchive(source: source, reason: lastError())
            }
            var opsys: zip_uint8_t = 0
            var attributes: zip_uint32_t = 0
            _ = zip_file_get_external_attributes(handle, index, 0, &opsys, &attributes)
            result.append(Entry(index: index, name: String(cString: name), size: st.size,
                                isSymlink: czip_is_symlink(opsys, attributes) != 0))
        }
        return result
    }

    /// The bytes of `entry`, refusing more than `limit` bytes (whatever the entry declares).
    /// - Throws: `IOError.unsafeBundle` when too large, `.notAnArchive` when it cannot be read.
    func data(_ entry: Entry, limit: UInt64) throws -> [UInt8] {
        guard let file = zip_fopen_index(handle, entry.index, 0) else {
            throw IOError.notAnArchive(source: source, reason: "entry \(entry.name): \(lastError())")
        }
        defer { zip_fclose(file) }
        var out: [UInt8] = []
        out.reserveCapacity(Int(min(entry.size, limit)))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, zip_uint64_t($0.count)) }
            if n < 0 {
                let message = String(cString: zip_error_strerror(zip_file_get_error(file)))
                throw IOError.notAnArchive(source: source, reason: "entry \(entry.name): \(message)")
            }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<Int(n)])
            if UInt64(out.count) > limit {
                throw IOError.unsafeBundle(source: source, entry: entry.name, reason: "it holds more than \(limit) bytes")
            }
        }
        return out
    }

    /// Runs `body` with a reader of `entry`'s bytes: each call fills the buffer from its start and
    /// returns how many bytes it put there, 0 at the end; more than `limit` bytes in all is refused.
    /// - Throws: `IOError.unsafeBundle` when too large, `.notAnArchive` when it cannot be read.
    func withReader<T>(_ entry: Entry, limit: UInt64, _ body: (_ read: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> T) throws -> T {
        guard let file = zip_fopen_index(handle, entry.index, 0) else {
            throw IOError.notAnArchive(source: source, reason: "entry \(entry.name): \(lastError())")
        }
        defer { zip_fclose(file) }
        var total: UInt64 = 0
        let source = self.source
        return try body { buffer in
            let n = zip_fread(file, buffer.baseAddress, zip_uint64_t(buffer.count))
            if n < 0 {
                let message = String(cString: zip_error_strerror(zip_file_get_error(file)))
                throw IOError.notAnArchive(source: source, reason: "entry \(entry.name): \(message)")
            }
            total += UInt64(n)
            if total > limit { throw IOError.unsafeBundle(source: source, entry: entry.name, reason: "it holds more than \(limit) bytes") }
            return Int(n)
        }
    }

    /// What one entry of a new archive holds: bytes in memory, or a file read when the archive is closed.
    enum Content {
        case bytes([UInt8])
        case file(String)
    }

    /// Writes a new archive at `path` (never over an existing file) with `entries` in order, deflated.
    /// - Throws: `IOError.cannotWrite`; `NewFile.Failure`.
    static func write(path: String, entries: [(name: String, bytes: [UInt8])]) throws {
        try write(to: NewFile(path: path), contents: entries.map { ($0.name, Content.bytes($0.bytes)) })
    }

    /// Writes a new archive as `file` with `contents` in order, deflated; a `.file` entry is read
    /// from disk while the archive is written, never held in memory whole.
    /// - Throws: `IOError.cannotWrite` naming `file.shown`; `NewFile.Failure`.
    static func write(to file: NewFile, contents: [(name: String, content: Content)]) throws {
        try file.write(at: { staging in try write(staging: staging, shown: file.shown, contents: contents) })
    }

    private static func write(staging path: String, shown: String, contents: [(name: String, content: Content)]) throws {
        var code: Int32 = 0
        guard let za = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw IOError.cannotWrite(path: shown, reason: message(code: code))
        }
        func fail(_ reason: String) -> IOError {
            zip_discard(za)
            return IOError.cannotWrite(path: shown, reason: reason)
        }
        for entry in contents {
            let source: OpaquePointer?
            switch entry.content {
            case .bytes(let bytes):
                // libzip reads the buffer at close time and frees it then (freep = 1).
                guard let copy = malloc(max(bytes.count, 1)) else { throw fail("out of memory") }
                bytes.withUnsafeBytes { if let base = $0.baseAddress { memcpy(copy, base, $0.count) } }
                source = zip_source_buffer(za, copy, zip_uint64_t(bytes.count), 1)
                if source == nil { free(copy) }
            case .file(let file):
                source = zip_source_file(za, file, 0, -1)   // -1: to the end of the file
            }
            guard let src = source else { throw fail(String(cString: zip_strerror(za))) }
            let index = zip_file_add(za, entry.name, src, zip_flags_t(ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE))
            if index < 0 {
                zip_source_free(src)
                throw fail(String(cString: zip_strerror(za)))
            }
            // A fixed time, so the same content gives the same bytes.
            _ = zip_file_set_mtime(za, zip_uint64_t(index), 315_532_800, 0)
        }
        if zip_close(za) != 0 { throw fail(String(cString: zip_strerror(za))) }
    }

    private func lastError() -> String { String(cString: zip_strerror(handle)) }

    private static func message(code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}
