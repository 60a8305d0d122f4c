import Foundation
internal import CSodium

/// The only file that calls libsodium: random bytes, XChaCha20-Poly1305 (IETF) for single values,
/// BLAKE2b for key ids, and secretstream for whole files.
enum Sodium {
    static let keyBytes = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
    static let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    static let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    static let streamHeaderBytes = Int(crypto_secretstream_xchacha20poly1305_HEADERBYTES)
    static let streamTagBytes = Int(crypto_secretstream_xchacha20poly1305_ABYTES)

    /// `sodium_init()` once per process; true when the library can be used (it returns 1 when
    /// already initialised, -1 only when no random source exists).
    static let isReady: Bool = sodium_init() >= 0

    static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    /// Overwrites `bytes` with zeros in a way the compiler cannot drop.
    static func wipe(_ bytes: inout [UInt8]) {
        let count = bytes.count
        bytes.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, count) }
    }

    /// `message` sealed under `key` with `nonce`, authenticating `associated`: ciphertext + 16-byte tag.
    static func seal(_ message: [UInt8], associated: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: message.count + tagBytes)
        var written: UInt64 = 0
        let rc = crypto_aead_xchacha20poly1305_ietf_encrypt(
            &output, &written, message, UInt64(message.count), associated, UInt64(associated.count), nil, nonce, key)
        guard rc == 0 else { return nil }
        return Array(output.prefix(Int(written)))
    }

    /// The message inside `ciphertext` (with its tag), or nil when it does not verify.
    static func open(_ ciphertext: ArraySlice<UInt8>, associated: [UInt8], nonce: ArraySlice<UInt8>, key: [UInt8]) -> [UInt8]? {
        guard ciphertext.count >= tagBytes, nonce.count == nonceBytes else { return nil }
        let cipher = Array(ciphertext)
        let nonce = Array(nonce)
        var output = [UInt8](repeating: 0, count: cipher.count - tagBytes)
        var written: UInt64 = 0
        let rc = crypto_aead_xchacha20poly1305_ietf_decrypt(
            &output, &written, nil, cipher, UInt64(cipher.count), associated, UInt64(associated.count), nonce, key)
        guard rc == 0 else { return nil }
        return Array(output.prefix(Int(written)))
    }

    /// BLAKE2b of `message` keyed with `key`, `length` bytes (16…64).
    static func hash(_ message: [UInt8], key: [UInt8], length: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: length)
        _ = crypto_generichash(&output, length, message, UInt64(message.count), key, key.count)
        return output
    }

    // MARK: secretstream

    /// One direction of a secretstream: pushes (seals) or pulls (opens) chunks in order.
    final class Stream {
        private var state = crypto_secretstream_xchacha20poly1305_state()

        /// A sealing stream and the header to write before its first chunk.
        static func push(key: [UInt8]) -> (Stream, header: [UInt8])? {
            let stream = Stream()
            var header = [UInt8](repeating: 0, count: streamHeaderBytes)
            guard crypto_secretstream_xchacha20poly1305_init_push(&stream.state, &header, key) == 0 else { return nil }
            return (stream, header)
        }

        /// An opening stream for `header`, or nil when the header is not valid for `key`.
        static func pull(header: [UInt8], key: [UInt8]) -> Stream? {
            let stream = Stream()
            guard header.count == streamHeaderBytes,
                  crypto_secretstream_xchacha20poly1305_init_pull(&stream.state, header, key) == 0 else { return nil }
            return stream
        }

        /// One sealed chunk; `final` marks the end of the stream (so a cut-off file is detected).
        func push(_ chunk: ArraySlice<UInt8>, final: Bool) -> [UInt8]? {
            let plain = Array(chunk)
            var output = [UInt8](repeating: 0, count: plain.count + streamTagBytes)
            var written: UInt64 = 0
            let tag = final ? crypto_secretstream_xchacha20poly1305_tag_final() : crypto_secretstream_xchacha20poly1305_tag_message()
                let rc = crypto_secretstream_xchacha20poly1305_push(&state, &output, &written, plain, UInt64(plain.count), nil, 0, tag)
            guard rc == 0 else { return nil }
            return Array(output.prefix(Int(written)))
        }

        /// One opened chunk and whether it was the final one; nil when it does not verify (altered,
        /// reordered, or from another stream).
        func pull(_ chunk: ArraySlice<UInt8>) -> (plain: [UInt8], final: Bool)? {
            let sealed = Array(chunk)
            guard sealed.count >= streamTagBytes else { return nil }
            var output = [UInt8](repeating: 0, count: sealed.count - streamTagBytes)
            var written: UInt64 = 0
            var tag: UInt8 = 0
                let rc = crypto_secretstream_xchacha20poly1305_pull(&state, &output, &written, &tag, sealed, UInt64(sealed.count), nil, 0)
            guard rc == 0 else { return nil }
            return (Array(output.prefix(Int(written))), tag == crypto_secretstream_xchacha20poly1305_tag_final())
        }
    }
}
