/// The few terminal styles the REPL uses; plain text when colour is off.
public enum Style: String, Sendable {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"

    /// `text` wrapped in this style's escape codes when `enabled`, else unchanged.
    public func apply(_ text: String, _ enabled: Bool) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }
}
