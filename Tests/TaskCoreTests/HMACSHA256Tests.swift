import Testing
import TaskCore

/// HMAC-SHA-256 against RFC 4231's test cases.
@Suite struct HMACSHA256Tests {
    @Test(arguments: [
        // Case 1: a 20-byte key.
        ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        // Case 2: a key shorter than the block.
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        // Case 6: a 131-byte key, hashed first.
        ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    ])
    func rfc4231(key: [UInt8], message: [UInt8], mac: String) {
        #expect(HMACSHA256.hex(key: key, message: message) == mac)
    }

    @Test func digestBytesAreTheHexDigest() {
        let bytes = SHA256.digest(Array("abc".utf8))
        #expect(bytes.count == 32)
        #expect(bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() == SHA256.hex("abc"))
    }
}
