import TaskCore

/// Secretstream (XChaCha20-Poly1305) for attachment objects: each object has its own random key,
/// which the store keeps sealed in the attachment's row with `seal` (so a rotation re-seals it).
extension TaskCrypto: StreamSealing {
    public var streamHeaderBytes: Int { Sodium.streamHeaderBytes }
    public var streamChunkOverhead: Int { Sodium.streamTagBytes }

    public func newStreamKey() -> [UInt8] { Sodium.randomBytes(Sodium.keyBytes) }

    public func sealingStream(key: [UInt8]) throws -> (header: [UInt8], stream: any ChunkSealing) {
        guard key.count == Sodium.keyBytes, let (stream, header) = Sodium.Stream.push(key: key) else { throw CryptoError.unavailable }
        return (header, stream)
    }

    public func openingStream(header: [UInt8], key: [UInt8]) throws -> any ChunkOpening {
        guard key.count == Sodium.keyBytes, let stream = Sodium.Stream.pull(header: header, key: key) else {
            throw CryptoError.doesNotOpen(where: "the object's stream header")
        }
        return stream
    }
}

extension Sodium.Stream: ChunkSealing, ChunkOpening {
    func seal(_ chunk: [UInt8], final: Bool) throws -> [UInt8] {
        guard let sealed = push(chunk[...], final: final) else { throw CryptoError.unavailable }
        return sealed
    }

    func open(_ sealed: [UInt8]) throws -> (plain: [UInt8], final: Bool) {
        guard let opened = pull(sealed[...]) else { throw CryptoError.doesNotOpen(where: "a chunk of the object") }
        return opened
    }
}
