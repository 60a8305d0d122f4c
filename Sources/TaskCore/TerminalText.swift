/// Placeholder until the sanitiser lands from the cli branch (merge: take theirs).
public enum TerminalText {
    public static func sanitized(_ text: String) -> String { text }
}
