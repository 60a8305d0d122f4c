import Foundation
import TaskCore

/// Cuts a byte stream into lines, never holding more than `limit` bytes of one line.
///
/// A longer line is reported once as `.oversized` as soon as it crosses the limit (so a client that
/// never sends the newline still gets an answer), and the rest of it is skipped up to its newline.
/// Blank lines are skipped.
public struct LineFramer: Sendable {
    /// 8 MiB: far above any real MCP message, far below what would hurt.
    public static let defaultLimit = 8 * 1024 * 1024

    public let limit: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    public init(limit: Int = LineFramer.defaultLimit) {
        self.limit = limit
    }

    /// Takes the next chunk of input and returns the frames it completes.
    public mutating func push(_ chunk: [UInt8]) -> [InboundFrame] {
        chunk.withUnsafeBufferPointer { push($0) }
    }

    /// Takes the next chunk of input and returns the frames it completes.
    public mutating func push(_ chunk: ArraySlice<UInt8>) -> [InboundFrame] {
        chunk.withUnsafeBufferPointer { push($0) }
    }

    /// Takes the next chunk of input and returns the frames it completes.
    public mutating func push(_ chunk: UnsafeBufferPointer<UInt8>) -> [InboundFrame] {
        var frames: [InboundFrame] = []
        var start = 0
        while start < chunk.count {
            let newline = Self.newline(in: chunk, from: start)
            let end = newline ?? chunk.count
            if !discarding {
                if buffer.count + (end - start) > limit {
                    buffer.removeAll(keepingCapacity: false)
                    discarding = true
                    frames.append(.oversized(limit: limit))
                } else {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<end]))
                }
            }
            guard let newline else { break }
            if discarding {
                discarding = false
            } else if let frame = Self.frame(buffer) {
                frames.append(frame)
            }
            buffer.removeAll(keepingCapacity: buffer.count <= 65536)
            start = newline + 1
        }
        return frames
    }

    /// The index of the next newline at or after `start` (memchr: skipping a huge line stays cheap).
    private static func newline(in chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = chunk.baseAddress, start < chunk.count else { return nil }
        guard let found = memchr(base + start, 0x0A, chunk.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The last line when the input ended without a newline.
    public mutating func finish() -> InboundFrame? {
        defer {
            buffer = []
            discarding = false
        }
        return discarding ? nil : Self.frame(buffer)
    }

    private static func frame(_ bytes: [UInt8]) -> InboundFrame? {
        var end = bytes.count
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        guard bytes[..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        guard case .success(let text) = UTF8Input.decode(bytes[..<end], source: "the line") else { return .invalidUTF8 }
        return .text(text)
    }
}
