import Foundation

/// How many entries a ZIP's central directory declares, read from its end record (and the ZIP64 end
/// record when the count does not fit in 16 bits) before libzip opens it: `zip_open` reads every
/// central-directory entry into memory (about 350 bytes each), so a bundle with too many entries is
/// refused before that, with a few kilobytes read.
enum ZipDirectoryEnd {
    /// The declared entry count, or nil when no end record is found (libzip then says why it cannot open the file).
    static func declaredEntries(path: String) -> UInt64? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let size = try? file.seekToEnd(), size >= 22 else { return nil }
        // The end record is 22 bytes plus a comment of at most 65,535.
        let tailStart = size > 22 + 65_535 ? size - 22 - 65_535 : 0
        guard (try? file.seek(toOffset: tailStart)) != nil, let tail = try? file.readToEnd().map(Array.init), tail.count >= 22 else { return nil }
        var index = tail.count - 22
        while index >= 0 {
            if signature(tail, index) == 0x0605_4b50, Int(uint(tail, index + 20, 2)) == tail.count - index - 22 { break }
            index -= 1
        }
        guard index >= 0 else { return nil }
        let count = uint(tail, index + 10, 2)
        guard count == 0xFFFF else { return count }
        // ZIP64: a 20-byte locator just before the end record points at the ZIP64 end record.
        let locator = index - 20
        guard locator >= 0, signature(tail, locator) == 0x0706_4b50 else { return count }
        let offset = uint(tail, locator + 8, 8)
        guard offset < size, (try? file.seek(toOffset: offset)) != nil, let record = try? file.read(upToCount: 56).map(Array.init),
              record.count == 56, signature(record, 0) == 0x0606_4b50 else { return count }
        return uint(record, 32, 8)
    }

    private static func signature(_ bytes: [UInt8], _ at: Int) -> UInt64 { uint(bytes, at, 4) }

    /// A little-endian unsigned integer of `width` bytes at `at`.
    private static func uint(_ bytes: [UInt8], _ at: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in (0..<width).reversed() { value = value << 8 | UInt64(bytes[at + i]) }
        return value
    }
}
