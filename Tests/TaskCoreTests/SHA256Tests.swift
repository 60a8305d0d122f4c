import Foundation
import Testing
import TaskCore
import TaskerTestSupport

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array(repeating: UInt8(ascii: "a"), count: 1000)
        #expect(SHA256.hex(long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        // FIPS 180-4's two-block message (448 bits).
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// Fed in pieces of any size (across block boundaries, empty ones included), the hash is the
    /// one of the whole buffer.
    @Test(arguments: [1, 2, 3]) func piecesGiveTheSameHashAsTheWhole(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 4097] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            var hasher = SHA256()
            var offset = 0
            while offset < bytes.count {
                let take = min(Int(rng.next() % 130), bytes.count - offset)
                hasher.update(Array(bytes[offset..<offset + take]))
                offset += take
            }
            #expect(hasher.count == UInt64(length))
            #expect(hasher.finish() == SHA256.hex(bytes))
        }
    }

    @Test func hexNamesAreRecognised() {
        #expect(SHA256.isHex(SHA256.hex([1, 2, 3])))
        #expect(!SHA256.isHex(SHA256.hex([1, 2, 3]).uppercased()))
        #expect(!SHA256.isHex("abc"))
        #expect(!SHA256.isHex(String(repeating: "g", count: 64)))
    }

    /// A file is hashed in megabyte pieces to the same digest as its bytes at once.
    @Test func aFileHashesLikeItsBytes() throws {
        let directory = TemporaryDirectory("sha256-file")
        var random = SeededRandom(seed: 4)
        let bytes = (0..<(3 << 20) + 17).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let path = directory.path("blob")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (digest, size) = try SHA256.file(path)
        #expect(digest == SHA256.hex(bytes))
        #expect(size == UInt64(bytes.count))
        #expect(throws: SHA256.FileProblem.self) { try SHA256.file(directory.path("missing")) }
        do { _ = try SHA256.file(directory.path("missing")) } catch { #expect(error.opening) }
    }
}
