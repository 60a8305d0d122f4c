import TaskCore

/// A stand-in sealer for tests (the store sees only `ValueSealing`): the binding, then the text's
/// bytes reversed, so a sealed value is never its clear text in a file, and opening it under another
/// binding fails.
public struct ReversingSealer: ValueSealing {
    public init() {}

    public var keyID: String { "test-key" }

    public func seal(_ text: String, table: String, uuid: String, column: String) throws -> [UInt8] {
        Array("\(table):\(uuid):\(column)|".utf8) + text.utf8.reversed()
    }

    public func open(_ sealed: [UInt8], table: String, uuid: String, column: String) throws -> String {
        let prefix = Array("\(table):\(uuid):\(column)|".utf8)
        guard sealed.starts(with: prefix) else { throw CancellationError() }
        return String(decoding: sealed.dropFirst(prefix.count).reversed(), as: UTF8.self)
    }
}
