/// The MCP revisions this server speaks, and how one is chosen for a session.
public enum ProtocolVersion {
    /// Newest first.
    public static let supported = ["2025-11-25", "2025-06-18", "2024-11-05"]
    public static let latest = "2025-11-25"

    /// The client's revision when this server speaks it, otherwise the latest (the client then
    /// decides whether to disconnect).
    public static func negotiate(_ requested: String) -> String {
        supported.contains(requested) ? requested : latest
    }
}
