import Foundation
internal import CSystemd

/// A connection to a D-Bus bus through sd-bus (libsystemd): method calls with typed values, and
/// signals collected while waiting. The only file that imports CSystemd.
///
/// A handle: one instance is used from one thread. Signals matched with `subscribe` are queued as
/// they arrive during `wait` and handed back by it.
public final class DBusConnection {
    public enum Bus: String, Sendable {
        /// `$DBUS_SESSION_BUS_ADDRESS` (or `$XDG_RUNTIME_DIR/bus`): the desktop's bus.
        case session
        /// `$DBUS_SYSTEM_BUS_ADDRESS` (or the system socket): where GeoClue lives.
        case system
    }

    private let bus: OpaquePointer
    private var slots: [OpaquePointer] = []
    fileprivate var received: [DBusSignal] = []
    public let kind: Bus

    /// Connects. - Throws: `DesktopError.noBus` with sd-bus's reason.
    public init(_ kind: Bus) throws {
        var handle: OpaquePointer?
        let rc = kind == .session ? sd_bus_open_user(&handle) : sd_bus_open_system(&handle)
        guard rc >= 0, let handle else { throw DesktopError.noBus(kind.rawValue, reason: String(cString: strerror(-rc))) }
        bus = handle
        self.kind = kind
    }

    deinit {
        for slot in slots { sd_bus_slot_unref(slot) }
        sd_bus_flush_close_unref(bus)
    }

    /// Calls `member` and returns the reply's values. - Throws: `DesktopError.call` with the D-Bus
    /// error name and message (`org.freedesktop.DBus.Error.ServiceUnknown` when nobody serves it).
    @discardableResult
    public func call(
        destination: String, path: String, interface: String, member: String, _ arguments: [DBusValue] = [],
        timeout: TimeInterval = 10
    ) throws -> [DBusValue] {
        var message: OpaquePointer?
        var rc = sd_bus_message_new_method_call(bus, &message, destination, path, interface, member)
        guard rc >= 0, let message else { throw DesktopError.call(member, name: "", message: String(cString: strerror(-rc))) }
        defer { sd_bus_message_unref(message) }
        for argument in arguments {
            rc = append(argument, to: message)
            guard rc >= 0 else { throw DesktopError.call(member, name: "", message: "cannot encode \(argument.signature): \(String(cString: strerror(-rc)))") }
        }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        rc = sd_bus_call(bus, message, UInt64(timeout * 1_000_000), &error, &reply)
        guard rc >= 0, let reply else {
            let name = error.name.map { String(cString: $0) } ?? ""
            let text = error.message.map { String(cString: $0) } ?? String(cString: strerror(-rc))
            throw DesktopError.call(member, name: name, message: text)
        }
        defer { sd_bus_message_unref(reply) }
        return readAll(reply)
    }

    /// Queues every signal `member` of `interface` (from any sender and path when nil) for `wait`.
    public func subscribe(interface: String, member: String, path: String? = nil) throws {
        var slot: OpaquePointer?
        let context = Unmanaged.passUnretained(self).toOpaque()
        let rc = sd_bus_match_signal(bus, &slot, nil, path, interface, member, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let connection = Unmanaged<DBusConnection>.fromOpaque(userdata).takeUnretainedValue()
            connection.received.append(DBusSignal(
                path: sd_bus_message_get_path(message).map { String(cString: $0) } ?? "",
                interface: sd_bus_message_get_interface(message).map { String(cString: $0) } ?? "",
                member: sd_bus_message_get_member(message).map { String(cString: $0) } ?? "",
                arguments: connection.readAll(message)))
            return 0
        }, context)
        guard rc >= 0, let slot else { throw DesktopError.call("AddMatch", name: "", message: String(cString: strerror(-rc))) }
        slots.append(slot)
    }

    /// Waits up to `timeout` for traffic, handles what came, and returns the signals received since
    /// the last call (possibly none). - Throws: `DesktopError.disconnected` when the bus went away.
    public func wait(timeout: TimeInterval) throws -> [DBusSignal] {
        try processPending()
        if received.isEmpty {
            let rc = sd_bus_wait(bus, UInt64(max(0, timeout) * 1_000_000))
            if rc < 0 && rc != -EINTR { throw DesktopError.disconnected(kind.rawValue) }
            try processPending()
        }
        defer { received.removeAll() }
        return received
    }

    private func processPending() throws {
        while true {
            let rc = sd_bus_process(bus, nil)
            if rc < 0 { throw DesktopError.disconnected(kind.rawValue) }
            if rc == 0 { return }
        }
    }

    // MARK: Encoding

    private func append(_ value: DBusValue, to m: OpaquePointer) -> Int32 {
        func basic<T: BitwiseCopyable>(_ type: UInt8, _ v: T) -> Int32 {
            var copy = v
            return withUnsafePointer(to: &copy) { sd_bus_message_append_basic(m, CChar(type), $0) }
        }
        switch value {
        case .string(let s): return s.withCString { sd_bus_message_append_basic(m, CChar(UInt8(ascii: "s")), $0) }
        case .objectPath(let s): return s.withCString { sd_bus_message_append_basic(m, CChar(UInt8(ascii: "o")), $0) }
        case .bool(let b): return basic(UInt8(ascii: "b"), Int32(b ? 1 : 0))
        case .int32(let n): return basic(UInt8(ascii: "i"), n)
        case .uint32(let n): return basic(UInt8(ascii: "u"), n)
        case .int64(let n): return basic(UInt8(ascii: "x"), n)
        case .uint64(let n): return basic(UInt8(ascii: "t"), n)
        case .double(let d): return basic(UInt8(ascii: "d"), d)
        case .byte(let b): return basic(UInt8(ascii: "y"), b)
        case .array(let element, let items):
            return container(m, "a", element) { items.lazy.map { self.append($0, to: m) }.first { $0 < 0 } ?? 0 }
        case .dictionary(let k, let v, let entries):
            return container(m, "a", "{\(k)\(v)}") {
                for entry in entries {
                    let rc = self.container(m, "e", k + v) {
                        let rc = self.append(entry.key, to: m)
                        return rc < 0 ? rc : self.append(entry.value, to: m)
                    }
                    if rc < 0 { return rc }
                }
                return 0
            }
        case .structure(let fields):
            return container(m, "r", fields.map(\.signature).joined()) { fields.lazy.map { self.append($0, to: m) }.first { $0 < 0 } ?? 0 }
        case .variant(let inner):
            return container(m, "v", inner.signature) { self.append(inner, to: m) }
        }
    }

    private func container(_ m: OpaquePointer, _ type: Character, _ contents: String, _ body: () -> Int32) -> Int32 {
        var rc = sd_bus_message_open_container(m, CChar(type.asciiValue!), contents)
        guard rc >= 0 else { return rc }
        rc = body()
        guard rc >= 0 else { return rc }
        return sd_bus_message_close_container(m)
    }

    // MARK: Decoding

    fileprivate func readAll(_ m: OpaquePointer) -> [DBusValue] {
        var values: [DBusValue] = []
        while let value = readOne(m) { values.append(value) }
        return values
    }

    private func readOne(_ m: OpaquePointer) -> DBusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(m, &type, &contents) > 0 else { return nil }
        let inner = contents.map { String(cString: $0) } ?? ""
        func basic<T: BitwiseCopyable>(_ zero: T) -> T? {
            var v = zero
            return sd_bus_message_read_basic(m, type, &v) >= 0 ? v : nil
        }
        func string() -> String? {
            var p: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(m, type, &p) >= 0, let p else { return nil }
            return String(cString: p)
        }
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "s"): return string().map(DBusValue.string)
        case UInt8(ascii: "o"), UInt8(ascii: "g"): return string().map(DBusValue.objectPath)
        case UInt8(ascii: "b"): return basic(Int32(0)).map { .bool($0 != 0) }
        case UInt8(ascii: "i"): return basic(Int32(0)).map(DBusValue.int32)
        case UInt8(ascii: "u"): return basic(UInt32(0)).map(DBusValue.uint32)
        case UInt8(ascii: "x"): return basic(Int64(0)).map(DBusValue.int64)
        case UInt8(ascii: "t"): return basic(UInt64(0)).map(DBusValue.uint64)
        case UInt8(ascii: "d"): return basic(Double(0)).map(DBusValue.double)
        case UInt8(ascii: "y"): return basic(UInt8(0)).map(DBusValue.byte)
        case UInt8(ascii: "n"): return basic(Int16(0)).map { .int32(Int32($0)) }
        case UInt8(ascii: "q"): return basic(UInt16(0)).map { .uint32(UInt32($0)) }
        case UInt8(ascii: "v"):
            guard sd_bus_message_enter_container(m, type, inner) >= 0 else { return nil }
            defer { sd_bus_message_exit_container(m) }
            return readOne(m).map(DBusValue.variant)
        case UInt8(ascii: "a"):
            guard sd_bus_message_enter_container(m, type, inner) >= 0 else { return nil }
            defer { sd_bus_message_exit_container(m) }
            if inner.hasPrefix("{") {
                var entries: [DBusEntry] = []
                let kv = String(inner.dropFirst().dropLast())
                let k = String(kv.prefix(1)), v = String(kv.dropFirst())
                while sd_bus_message_enter_container(m, CChar(UInt8(ascii: "e")), kv) > 0 {
                    if let key = readOne(m), let value = readOne(m) { entries.append(DBusEntry(key: key, value: value)) }
                    sd_bus_message_exit_container(m)
                }
                return .dictionary(keySignature: k, valueSignature: v, entries)
            }
            return .array(elementSignature: inner, readAll(m))
        case UInt8(ascii: "r"), UInt8(ascii: "("):
            guard sd_bus_message_enter_container(m, CChar(UInt8(ascii: "r")), inner) >= 0 else { return nil }
            defer { sd_bus_message_exit_container(m) }
            return .structure(readAll(m))
        default:
            _ = sd_bus_message_skip(m, nil)
            return .structure([])
        }
    }
}
