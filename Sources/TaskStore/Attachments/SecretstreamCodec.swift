import TaskCore

/// Encrypted objects (an attachment asked to be encrypted): content sealed with a secretstream
/// under the object's own key, in chunks of 64 KiB, the last one marked final.
///
/// Stored layout: the magic `TKSF`, a version byte (1), the stream
/// header, then each chunk sealed (plain bytes + the stream's overhead). A file cut short (no final
/// chunk), chunks swapped, a byte flipped, or bytes after the final chunk fail `read` with
/// `objectUnreadable` saying which. The file is `objects/ab/<sha256 of the content>.sealed`.
public struct SecretstreamCodec: ObjectCodec {
    public static let encodingName = "secretstream"
    public static let suffix = ".sealed"
    static let magic: [UInt8] = Array("TKSF".utf8) + [1]
    static let chunkBytes = 65_536

    let streams: any StreamSealing
    let key: [UInt8]
    /// The object's hash, for error messages.
    let object: String

    public init(streams: any StreamSealing, key: [UInt8], object: String = "") {
        self.streams = streams
        self.key = key
        self.object = object
    }

    public var name: String { Self.encodingName }
    public var fileSuffix: String { Self.suffix }

    public func writer(into sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> any ObjectWriter {
        let (header, stream) = try streams.sealingStream(key: key)
        let head = Self.magic + header
        try head.withUnsafeBytes { try sink($0) }
        return Writer(stream: stream, sink: sink)
    }

    public func reader(from source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) throws -> any ObjectReader {
        Reader(codec: self, source: source)
    }

    func failed(_ reason: String) -> TaskStoreError { .objectUnreadable(sha256: object, reason: reason) }

    private final class Writer: ObjectWriter {
        let stream: any ChunkSealing
        let sink: (UnsafeRawBufferPointer) throws -> Void
        var pending: [UInt8] = []

        init(stream: any ChunkSealing, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
            self.stream = stream
            self.sink = sink
            pending.reserveCapacity(SecretstreamCodec.chunkBytes)
        }

        /// A full chunk is sealed only once more content follows, so the last one can be marked final.
        func write(_ content: UnsafeRawBufferPointer) throws {
            var offset = 0
            while offset < content.count {
                if pending.count == SecretstreamCodec.chunkBytes { try emit(final: false) }
                let take = min(SecretstreamCodec.chunkBytes - pending.count, content.count - offset)
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: content[offset..<(offset + take)]))
                offset += take
            }
        }

        func finish() throws { try emit(final: true) }

        private func emit(final: Bool) throws {
            let sealed = try stream.seal(pending, final: final)
            pending.removeAll(keepingCapacity: true)
            try sealed.withUnsafeBytes { try sink($0) }
        }
    }

    private final class Reader: ObjectReader {
        let codec: SecretstreamCodec
        let source: (UnsafeMutableRawBufferPointer) throws -> Int
        var stream: (any ChunkOpening)?
        var plain: [UInt8] = []
        var offset = 0
        var ended = false

        init(codec: SecretstreamCodec, source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
            self.codec = codec
            self.source = source
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            while offset == plain.count {
                if ended { return 0 }
                try nextChunk()
            }
            let n = min(buffer.count, plain.count - offset)
            plain.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + n)])) }
            offset += n
            return n
        }

        private func nextChunk() throws {
            if stream == nil {
                let head = try fill(SecretstreamCodec.magic.count + codec.streams.streamHeaderBytes)
                guard head.count == SecretstreamCodec.magic.count + codec.streams.streamHeaderBytes,
                      Array(head.prefix(SecretstreamCodec.magic.count)) == SecretstreamCodec.magic
                else { throw codec.failed("it is not an encrypted Tasker object (its header is missing or damaged)") }
                do { stream = try codec.streams.openingStream(header: Array(head.dropFirst(SecretstreamCodec.magic.count)), key: codec.key) } catch {
                    throw codec.failed("its header does not open with the attachment's key")
                }
            }
            let sealed = try fill(SecretstreamCodec.chunkBytes + codec.streams.streamChunkOverhead)
            guard !sealed.isEmpty else { throw codec.failed("it is cut short (its final chunk is missing)") }
            let opened: (plain: [UInt8], final: Bool)
            do { opened = try stream!.open(sealed) } catch {
                throw codec.failed("a chunk does not open with the attachment's key: it was altered, reordered or cut short")
            }
            plain = opened.plain
            offset = 0
            if opened.final {
                guard try fill(1).isEmpty else { throw codec.failed("it has bytes after its final chunk") }
                ended = true
            }
        }

        /// Up to `count` stored bytes (fewer only at the end).
        private func fill(_ count: Int) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            var got = 0
            while got < count {
                let n = try bytes.withUnsafeMutableBytes { try source(UnsafeMutableRawBufferPointer(rebasing: $0[got..<count])) }
                if n == 0 { break }
                got += n
            }
            bytes.removeLast(count - got)
            return bytes
        }
    }
}
