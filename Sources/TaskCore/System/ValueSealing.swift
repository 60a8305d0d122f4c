/// Seals and opens one stored value, bound to where it is stored: the seam between the store and
/// `TaskCrypto`, so the store never links a cipher and tests can see what it asks for.
///
/// The binding (`table`, the row's `uuid`, `column`) is authenticated with the value: a sealed value
/// copied to another row or column does not open.
public protocol ValueSealing: Sendable {
    /// A short public name of the key that seals new values (so a database can tell which key it
    /// was sealed with, and that a key offered is the right one).
    var keyID: String { get }

    /// The sealed bytes of `text`. - Throws: when the cipher fails (never with the text in the error).
    func seal(_ text: String, table: String, uuid: String, column: String) throws -> [UInt8]

    /// The text sealed in `sealed`. - Throws: when it does not open with the key(s) held (wrong key,
    /// moved or altered bytes, an unknown format version).
    func open(_ sealed: [UInt8], table: String, uuid: String, column: String) throws -> String
}
