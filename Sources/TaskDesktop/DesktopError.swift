/// What can go wrong talking to the desktop over D-Bus, each as one line saying what to do.
public enum DesktopError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No bus to connect to (no desktop session, or no system bus for GeoClue).
    case noBus(String, reason: String)
    /// A method call failed: the member, the D-Bus error name and its message.
    case call(String, name: String, message: String)
    case disconnected(String)
    /// No location: GeoClue absent, no agent answering, or location refused (the reason).
    case noLocation(String)

    public var description: String {
        switch self {
        case .noBus("session", let reason):
            return "no desktop session bus (\(reason)); run inside a desktop session, or use --fallback stdout to print reminders"
        case .noBus(let bus, let reason):
            return "no D-Bus \(bus) bus (\(reason)); is D-Bus running?"
        case .call(let member, let name, let message):
            if name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
                return "\(member): nobody on the bus serves it (\(message)); start a notification server or use --fallback stdout"
            }
            return "\(member) failed: \(name.isEmpty ? "" : name + ": ")\(message)"
        case .noLocation(let reason):
            return "location reminders are off: \(reason); time reminders keep working"
        case .disconnected(let bus):
            return "the D-Bus \(bus) bus went away; run it again when the desktop session is back"
        }
    }
}
