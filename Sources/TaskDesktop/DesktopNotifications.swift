import Foundation

/// Reminders on the desktop through `org.freedesktop.Notifications`: `Notify` with the actions
/// "Done" and "Snooze 10 min", `CloseNotification`, and the `ActionInvoked` and
/// `NotificationClosed` signals.
public final class DesktopNotifications: ReminderPresenting {
    static let destination = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    static let interface = "org.freedesktop.Notifications"

    private let bus: DBusConnection

    /// Connects to the session bus and listens for clicks. - Throws: `DesktopError.noBus`.
    public init() throws {
        bus = try DBusConnection(.session)
        try bus.subscribe(interface: Self.interface, member: "ActionInvoked", path: Self.path)
        try bus.subscribe(interface: Self.interface, member: "NotificationClosed", path: Self.path)
    }

    public func show(_ note: ReminderNote, replacing: UInt32?) throws -> UInt32? {
        let actions: [DBusValue] = ["done", "Done", "snooze", note.postponeLabel].map(DBusValue.string)
        let hints = DBusValue.vardict([
            ("urgency", .byte(note.urgent ? 2 : 1)),
            ("category", .string("x-tasker.reminder")),
            ("x-tasker-task-id", .string(String(note.task.rawValue))),
        ])
        let reply = try bus.call(
            destination: Self.destination, path: Self.path, interface: Self.interface, member: "Notify",
            [.string("tasker"), .uint32(replacing ?? 0), .string(""), .string(note.summary), .string(note.body),
             .array(elementSignature: "s", actions), hints, .int32(-1)])
        return reply.first?.uint32Value
    }

    /// An agent's request: "Approve" and "Reject", critical urgency so it stays until answered.
    public func showApproval(_ note: ApprovalNote) throws -> UInt32? {
        let actions: [DBusValue] = ["approve", "Approve", "reject", "Reject"].map(DBusValue.string)
        let hints = DBusValue.vardict([
            ("urgency", .byte(2)),
            ("category", .string("x-tasker.approval")),
            ("x-tasker-approval-id", .string(note.id)),
        ])
        let reply = try bus.call(
            destination: Self.destination, path: Self.path, interface: Self.interface, member: "Notify",
            [.string("tasker"), .uint32(0), .string(""), .string(note.summary), .string(note.body),
             .array(elementSignature: "s", actions), hints, .int32(0)])
        return reply.first?.uint32Value
    }

    public func close(_ id: UInt32) throws {
        try bus.call(destination: Self.destination, path: Self.path, interface: Self.interface, member: "CloseNotification", [.uint32(id)])
    }

    public func wait(timeout: TimeInterval) throws -> PresenterEvents {
        var events = PresenterEvents()
        for signal in try bus.wait(timeout: timeout) {
            guard let id = signal.arguments.first?.uint32Value else { continue }
            switch signal.member {
            case "ActionInvoked":
                if let key = signal.arguments.dropFirst().first?.stringValue.flatMap(ReminderAction.Key.init(rawValue:)) {
                    events.actions.append(ReminderAction(notificationID: id, key: key))
                }
            case "NotificationClosed": events.dismissed.append(id)
            default: break
            }
        }
        return events
    }
}
