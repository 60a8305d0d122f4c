import Foundation
import TaskCore

/// The session's switches and the hooks into the outside world that only the app can provide.
public struct ChatSettings: Sendable {
    public var useColor: Bool
    public var timeZone: TimeZone
    public var confirm: ConfirmPolicy
    /// Rules only, even when a model is configured (`/offline` toggles it).
    public var offline: Bool
    /// Which planner `plan my day …` uses when a model is on (`/plan rules`, `/plan model`).
    public var planner: PlannerChoice = .model
    /// Show a spinner while waiting for the model (a terminal on stdout only).
    public var showSpinner: Bool
    /// The model name and endpoint shown by /model and /endpoint (changes last for this session).
    public var model: String?
    public var endpoint: String?
    /// "key set (file …)" / "no key": what /key prints. Never the key itself.
    public var keyStatus: @Sendable () -> String
    /// Stores a key typed at `/key set`. - Throws: with a reason when it cannot be stored.
    public var setKey: @Sendable (String) throws -> Void
    /// The reminder rules (config's early warning): the prompt then says how many reminders are due
    /// ("3 reminders due"); nil shows no count.
    public var reminders: ReminderSchedule?

    public init(
        useColor: Bool, timeZone: TimeZone, confirm: ConfirmPolicy = .writes, offline: Bool = false, showSpinner: Bool = false,
        model: String? = nil, endpoint: String? = nil,
        keyStatus: @escaping @Sendable () -> String = { "no key set" },
        setKey: @escaping @Sendable (String) throws -> Void = { _ in throw REPLError.keyNotSaved("no key store in this session") }
    ) {
        self.useColor = useColor
        self.timeZone = timeZone
        self.confirm = confirm
        self.offline = offline
        self.showSpinner = showSpinner
        self.model = model
        self.endpoint = endpoint
        self.keyStatus = keyStatus
        self.setKey = setKey
    }
}
