/// A part of config.json that one feature reads (the model, planning, reminders, sync, attachments):
/// its title, a help line and its keys, declared once in `TaskerConfig`.
public struct ConfigSection: Sendable {
    public let title: String
    public let help: String
    public let keys: [ConfigKey]

    public init(_ title: String, _ help: String, keys: [ConfigKey]) {
        self.title = title
        self.help = help
        self.keys = keys
    }
}
