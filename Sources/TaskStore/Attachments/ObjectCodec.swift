import Foundation
import TaskCore

/// How an object's content becomes the bytes stored in its file, and back: `PlainCodec`, or
/// `SecretstreamCodec` for an encrypted attachment (with that object's key).
///
/// An object is always named by the SHA-256 of its content, never of what is stored, so the same
/// file attached twice is one object whatever the codec; `ObjectStore.check` reads through the
/// codec and re-hashes the content. Each attachment row records the codec's `name`, and an
/// object's file name carries the codec's `fileSuffix`, so a plain and a sealed copy of the same
/// content never share a file.
public protocol ObjectCodec: Sendable {
    /// Stored in each attachment row (`encoding`); "plain" for `PlainCodec`.
    var name: String { get }
    /// Appended to the object's file name ("" for plain).
    var fileSuffix: String { get }
    /// A writer that takes content and hands what is to be stored to `sink`.
    func writer(into sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> any ObjectWriter
    /// A reader that gives back content, pulling stored bytes from `source` (0 at the end).
    func reader(from source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) throws -> any ObjectReader
}

/// Content in, stored bytes out (through the sink given to `ObjectCodec.writer`).
public protocol ObjectWriter: AnyObject {
    func write(_ content: UnsafeRawBufferPointer) throws
    /// Flushes what is left (an authentication tag, a final block). Called once, after the last write.
    func finish() throws
}

/// Stored bytes in, content out. A codec that detects tampering throws from `read`.
public protocol ObjectReader: AnyObject {
    /// Fills `buffer` from the start with up to its size; 0 means the end of the content.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Stores content as it is.
public struct PlainCodec: ObjectCodec {
    public init() {}
    public var name: String { "plain" }
    public var fileSuffix: String { "" }

    public func writer(into sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> any ObjectWriter { Passthrough(sink) }

    public func reader(from source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) throws -> any ObjectReader {
        PassthroughReader(source)
    }

    private final class Passthrough: ObjectWriter {
        let sink: (UnsafeRawBufferPointer) throws -> Void
        init(_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.sink = sink }
        func write(_ content: UnsafeRawBufferPointer) throws { try sink(content) }
        func finish() throws {}
    }

    private final class PassthroughReader: ObjectReader {
        let source: (UnsafeMutableRawBufferPointer) throws -> Int
        init(_ source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) { self.source = source }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int { try source(buffer) }
    }
}

extension PlainCodec {
    /// The SHA-256 of a file's bytes as they are. - Throws: `TaskStoreError.objectUnreadable` naming `object`.
    static func hashFile(_ path: String, object: String) throws -> String {
        do {
            return try SHA256.file(path).digest
        } catch {
            throw TaskStoreError.objectUnreadable(sha256: object, reason: error.opening ? "\(path) is missing or cannot be opened" : "\(path): \(error.reason)")
        }
    }
}
