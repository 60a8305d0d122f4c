/// One D-Bus value, as a message carries it: the basic types Tasker sends and reads, arrays,
/// dictionaries, structs and variants. Each knows its type signature.
public indirect enum DBusValue: Sendable, Hashable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case byte(UInt8)
    /// Elements all of `elementSignature` (given, so an empty array still has a type).
    case array(elementSignature: String, [DBusValue])
    /// `a{kv}`: pairs, keys of `keySignature`, values of `valueSignature`.
    case dictionary(keySignature: String, valueSignature: String, [DBusEntry])
    case structure([DBusValue])
    case variant(DBusValue)

    public var signature: String {
        switch self {
        case .string: return "s"
        case .objectPath: return "o"
        case .bool: return "b"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .byte: return "y"
        case .array(let element, _): return "a" + element
        case .dictionary(let k, let v, _): return "a{\(k)\(v)}"
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .variant: return "v"
        }
    }

    public var stringValue: String? {
        switch self {
        case .string(let s), .objectPath(let s): return s
        case .variant(let v): return v.stringValue
        default: return nil
        }
    }

    public var uint32Value: UInt32? {
        switch self {
        case .uint32(let n): return n
        case .int32(let n): return n >= 0 ? UInt32(n) : nil
        case .variant(let v): return v.uint32Value
        default: return nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .double(let d): return d
        case .variant(let v): return v.doubleValue
        default: return nil
        }
    }

    /// `a{sv}` from pairs.
    public static func vardict(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(keySignature: "s", valueSignature: "v", pairs.map { DBusEntry(key: .string($0.0), value: .variant($0.1)) })
    }
}

/// One key and value of a D-Bus dictionary.
public struct DBusEntry: Sendable, Hashable {
    public var key: DBusValue
    public var value: DBusValue

    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}

/// A signal received: who sent it, from which object and interface, its name and arguments.
public struct DBusSignal: Sendable, Hashable {
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [DBusValue]
}
