/// The MCP revisions this server speaks: the handshake revisions (an `initialize` and a session) and
/// the stateless one (2026-07-28: every request carries its version, `server/discover` says which).
public enum ProtocolVersion {
    /// The revisions agreed in `initialize`, newest first.
    public static let supported = ["2025-11-25", "2025-06-18", "2024-11-05"]
    public static let latest = "2025-11-25"
    /// The stateless revisions, each request carrying its own version (`RequestEnvelope`).
    public static let modern = ["2026-07-28"]
    public static let latestModern = "2026-07-28"
    /// Every revision, newest first, as `server/discover` and a version error name them.
    public static var all: [String] { modern + supported }

    /// The client's revision when this server speaks it in a handshake, otherwise the latest (the
    /// client then decides whether to disconnect).
    public static func negotiate(_ requested: String) -> String {
        supported.contains(requested) ? requested : latest
    }
}
