import TaskCore

/// What sealing, opening and keeping the data key can fail with; never carries a key or a value.
public enum CryptoError: Error, Sendable, Equatable, CustomStringConvertible, ExitCodeError {
    /// libsodium could not start (no random source).
    case unavailable
    /// A sealed value that does not open: wrong key, or moved to another row or column, or altered.
    case doesNotOpen(where: String)
    /// Sealed bytes in a format version this build does not know.
    case unknownVersion(UInt8)
    /// The key text is not a data key (export-key's form: base64 of 32 bytes).
    case malformedKey(String)
    /// The key could not be read, written or removed: what happened and what to do.
    case keyStorage(String)

    /// A value that cannot be sealed or opened, or a key that cannot be found: a failure.
    public var exitCode: Int32 { 1 }

    public var description: String {
        switch self {
        case .unavailable: return "libsodium could not start (no random source); check /dev/urandom"
        case .doesNotOpen(let place):
            return "the sealed value in \(place) does not open with the data key: it was moved, altered, or sealed with another key"
        case .unknownVersion(let version): return "a sealed value has format version \(version), which this tasker does not know; upgrade tasker"
        case .malformedKey(let why): return "that is not a Tasker data key (\(why)); paste the line `tasker crypto export-key` printed"
        case .keyStorage(let what): return what
        }
    }
}
