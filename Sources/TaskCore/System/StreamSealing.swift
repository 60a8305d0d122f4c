/// Seals and opens a long byte stream in chunks (libsodium's secretstream in `TaskCrypto`): the
/// seam through which the object store encrypts attachments without linking a cipher.
///
/// Each stream has its own random key (`newStreamKey`); the chunks are authenticated in order and
/// the last one is marked final, so a stream cut short, reordered or altered does not open.
public protocol StreamSealing: Sendable {
    /// Bytes of the header written before the first chunk.
    var streamHeaderBytes: Int { get }
    /// Bytes each sealed chunk adds to its plain bytes.
    var streamChunkOverhead: Int { get }
    /// A fresh random key for one stream (32 bytes).
    func newStreamKey() -> [UInt8]
    /// A sealing stream under `key` and the header to store before its chunks.
    func sealingStream(key: [UInt8]) throws -> (header: [UInt8], stream: any ChunkSealing)
    /// An opening stream for `header` under `key`. - Throws: when the header is not valid for the key.
    func openingStream(header: [UInt8], key: [UInt8]) throws -> any ChunkOpening
}

/// Seals chunks in order.
public protocol ChunkSealing: AnyObject {
    func seal(_ chunk: [UInt8], final: Bool) throws -> [UInt8]
}

/// Opens chunks in order. - Throws from `open` when a chunk does not verify (altered, reordered,
/// from another stream or key).
public protocol ChunkOpening: AnyObject {
    func open(_ sealed: [UInt8]) throws -> (plain: [UInt8], final: Bool)
}
