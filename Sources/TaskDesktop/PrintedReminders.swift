import Foundation

/// Reminders as lines on standard output (`tasker remind --fallback stdout`): for a terminal, tmux
/// or a headless server. Nothing to click or close.
public final class PrintedReminders: ReminderPresenting {
    private let write: (String) -> Void

    /// `write` gets each line without its newline.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func show(_ note: ReminderNote, replacing: UInt32?) throws -> UInt32? {
        write("⏰ \(note.summary) — \(note.body)")
        return nil
    }

    public func close(_ id: UInt32) throws {}

    /// Printed with the command that decides it; nothing to click.
    public func showApproval(_ note: ApprovalNote) throws -> UInt32? {
        write("⚑ \(note.summary) — \(note.body) — tasker approve \(note.id) | tasker reject \(note.id)")
        return nil
    }

    public func wait(timeout: TimeInterval) throws -> PresenterEvents {
        if timeout > 0 { Thread.sleep(forTimeInterval: timeout) }
        return PresenterEvents()
    }
}
